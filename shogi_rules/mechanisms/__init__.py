"""The mechanisms of the large variants, one per module: lion power, area moves, range jumps,
hook moves, burning, immobilising, promotion schemes and the Emperor."""

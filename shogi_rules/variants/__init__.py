"""One module per variant, each a table of data: pieces, setup, promotion, drops, rule choices."""

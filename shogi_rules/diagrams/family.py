"""The family of the games: which game was made from which (:attr:`Variant.derives_from`, each link with
the source that states it) and which pieces they share (the same kanji in two piece tables), drawn for the
Comparing chapter. Everything is read from the registry, so a game added to it joins the tree.

    >>> ("shogi", "okisaki", "zhwp-okisaki") in family_links()
    True
    >>> len(shared_kanji("chu", "tenjiku")) > 20
    True
"""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch

from . import style


def family_links() -> list[tuple[str, str, str]]:
    """``(parent id, child id, source key)`` for every documented derivation, in the registry's order of the
    children."""
    from ..compiled.variant import available_variants

    return [(parent, v.id, source) for v in available_variants() for parent, source in v.derives_from]


def shared_kanji(a: str, b: str) -> list[str]:
    """The kanji of the pieces of game ``b`` that game ``a`` has too (the same name in both piece tables), in
    ``b``'s table order."""
    from ..compiled.variant import get_variant

    mine = {p.kanji for p in get_variant(a).pieces}
    return list(dict.fromkeys(p.kanji for p in get_variant(b).pieces if p.kanji in mine))


def generations() -> dict[str, int]:
    """Each game's generation: 0 for a game with no documented parent, else one more than its latest parent."""
    from ..compiled.variant import VARIANT_IDS, get_variant

    depth: dict[str, int] = {}

    def of(vid: str, seen: tuple[str, ...] = ()) -> int:
        if vid in seen:
            raise ValueError(f"the family links of {vid!r} form a cycle: {' → '.join((*seen, vid))}")
        if vid not in depth:
            parents = [p for p, _ in get_variant(vid).derives_from]
            depth[vid] = 1 + max((of(p, (*seen, vid)) for p in parents), default=-1)
        return depth[vid]

    for vid in VARIANT_IDS:
        of(vid)
    return depth


def draw_family_tree() -> Figure:
    """The games as boxes (name, kanji, board), a generation a row from top to bottom (so that the figure
    stays as narrow as the largest generation), an arrow from each game to the games made from it, labelled
    with how many of the child's pieces the parent already had."""
    from ..compiled.variant import VARIANT_IDS, get_variant

    gen = generations()
    rows = [[vid for vid in VARIANT_IDS if gen[vid] == g] for g in range(max(gen.values()) + 1)]
    box_w, box_h, gap_x, gap_y = 2.1, 0.8, 0.35, 0.75
    wide = max(len(r) for r in rows)
    width = wide * box_w + (wide - 1) * gap_x + 0.2
    height = len(rows) * box_h + (len(rows) - 1) * gap_y + 0.2
    fig = Figure(figsize=(width, height))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_axis_off()
    centre: dict[str, tuple[float, float]] = {}
    for g, row in enumerate(rows):
        y = height - 0.1 - g * (box_h + gap_y) - box_h / 2
        span = len(row) * box_w + (len(row) - 1) * gap_x
        for i, vid in enumerate(row):
            centre[vid] = ((width - span) / 2 + i * (box_w + gap_x) + box_w / 2, y)
    for parent, child, _ in family_links():
        (x0, y0), (x1, y1) = centre[parent], centre[child]
        ax.annotate("", xy=(x1, y1 + box_h / 2), xytext=(x0, y0 - box_h / 2),
                    arrowprops={"arrowstyle": "-|>", "color": style.COLOURS["ink"], "lw": 1.4,
                                "shrinkA": 2, "shrinkB": 2})
        n, total = len(shared_kanji(parent, child)), len(get_variant(child).pieces)
        ax.text((x0 + x1) / 2, (y0 + y1) / 2, f"{n} of {total}", ha="center", va="center",
                fontproperties=style.font(11), color=style.COLOURS["ink"],
                bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none"})
    for vid, (x, y) in centre.items():
        v = get_variant(vid)
        ax.add_patch(FancyBboxPatch((x - box_w / 2, y - box_h / 2), box_w, box_h, boxstyle="round,pad=0.02",
                                    fc=style.COLOURS["board"], ec=style.COLOURS["ink"], lw=1.2))
        ax.text(x, y + 0.15, v.name, ha="center", va="center", fontproperties=style.font(12),
                color=style.COLOURS["ink"])
        ax.text(x, y - 0.18, f"{v.kanji} · {v.files} × {v.ranks}", ha="center", va="center",
                fontproperties=style.font(11), color=style.COLOURS["ink"])
    links = [f"{get_variant(c).name} was made from {get_variant(p).name}" for p, c, _ in family_links()]
    fig.set_label("Family tree of the games of this book" + (": " + "; ".join(links) if links else ""))
    return fig


def draw_shared_pieces() -> Figure:
    """A table of the games against each other: in each cell, how many kinds of piece (by kanji) the two
    piece tables share; on the diagonal, the size of the game's own table."""
    from ..compiled.variant import VARIANT_IDS, get_variant

    n = len(VARIANT_IDS)
    cell = 0.62
    label_w = 1.9
    fig = Figure(figsize=(label_w + n * cell + 1.0, 1.25 + n * cell + 0.1))
    fw, fh = fig.get_figwidth(), fig.get_figheight()
    ax = fig.add_axes((label_w / fw, 0.1 / fh, n * cell / fw, n * cell / fh))
    counts = [[len(get_variant(a).pieces) if a == b else len(shared_kanji(a, b)) for b in VARIANT_IDS]
              for a in VARIANT_IDS]
    top = max(max(c for j, c in enumerate(row) if j != i) for i, row in enumerate(counts)) or 1
    for i, a in enumerate(VARIANT_IDS):
        for j, b in enumerate(VARIANT_IDS):
            value = counts[i][j]
            if i == j:
                colour, ink = "#e4e4e4", style.COLOURS["ink"]
            else:
                share = value / top
                colour = _mix("#ffffff", "#1f5fbf", share)
                ink = "#ffffff" if share > 0.55 else style.COLOURS["ink"]
            ax.add_patch(FancyBboxPatch((j, n - 1 - i), 1, 1, boxstyle="square,pad=0", fc=colour, ec="#ffffff", lw=1))
            ax.text(j + 0.5, n - 0.5 - i, str(value), ha="center", va="center", fontproperties=style.font(11),
                    color=ink)
    ax.set_xlim(0, n)
    ax.set_ylim(0, n)
    short = [get_variant(v).name.removesuffix(" shogi") for v in VARIANT_IDS]
    ax.set_xticks([j + 0.5 for j in range(n)], short, rotation=40, ha="left")
    ax.set_yticks([n - 0.5 - i for i in range(n)], short)
    ax.xaxis.tick_top()
    for label in (*ax.get_xticklabels(), *ax.get_yticklabels()):
        label.set_fontproperties(style.font(11))
    ax.tick_params(length=0)
    fig.set_label("Table of how many kinds of piece every two games share (the same kanji in both piece tables), "
                  "the size of each game's own piece table on the diagonal")
    for spine in ax.spines.values():
        spine.set_visible(False)
    return fig


def _mix(a: str, b: str, t: float) -> str:
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))

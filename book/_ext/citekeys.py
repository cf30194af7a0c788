"""Bibliography style for the shogi-rules book.

Registers a pybtex style named ``citekeys``: each entry is labelled with its
own BibTeX key (so ``{cite}`zhwp-tenjiku``` shows as ``[zhwp-tenjiku]``), the
bibliography is sorted by key, and titles keep the capitalisation written in
``references.bib`` instead of being turned into sentence case. A source the
project knows only through another (its ``seenthrough`` field lists the keys of
the entries it was seen through) says so: "Cited after [jawp], [zhwp-tenjiku]."
Every entry with a ``url`` prints it, with its ``urldate`` as the day it was
visited, in the web and the printed book alike.
"""

from pybtex.plugin import register_plugin
from pybtex.style.formatting import toplevel
from pybtex.style.formatting.unsrt import Style as UnsrtStyle
from pybtex.style.formatting.unsrt import date
from pybtex.style.labels import BaseLabelStyle
from pybtex.style.sorting import BaseSortingStyle
from pybtex.style.template import field, optional, optional_field, sentence


class KeyLabelStyle(BaseLabelStyle):
    def format_labels(self, sorted_entries):
        for entry in sorted_entries:
            yield entry.key


class KeySortingStyle(BaseSortingStyle):
    def sorting_key(self, entry):
        return entry.key.lower()


class CiteKeyStyle(UnsrtStyle):
    default_label_style = "citekeys"
    default_sorting_style = "citekeys"

    def format_title(self, e, which_field, as_sentence=True):
        title = field(which_field)
        return sentence[title] if as_sentence else title

    def get_misc_template(self, e):
        return toplevel[
            optional[sentence[self.format_names("author")]],
            optional[self.format_title(e, "title")],
            sentence[optional[field("howpublished")], optional[date]],
            sentence[optional_field("note")],
            self.format_seen_through(e),
            self.format_web_refs(e),
        ]

    def format_seen_through(self, e):
        keys = seen_through(e.fields)
        return sentence["Cited after " + ", ".join(f"[{key}]" for key in keys)] if keys else sentence[""]


def seen_through(fields) -> list[str]:
    """The keys in an entry's ``seenthrough`` field (empty for a source the project has read itself)."""
    return [key.strip() for key in fields.get("seenthrough", "").split(",") if key.strip()]


def setup(app):
    register_plugin("pybtex.style.labels", "citekeys", KeyLabelStyle)
    register_plugin("pybtex.style.sorting", "citekeys", KeySortingStyle)
    register_plugin("pybtex.style.formatting", "citekeys", CiteKeyStyle)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

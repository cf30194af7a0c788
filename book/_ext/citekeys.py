"""Bibliography style for the shogi-rules book.

Registers a pybtex style named ``citekeys``: each entry is labelled with its
own BibTeX key (so ``{cite}`zhwp-tenjiku``` shows as ``[zhwp-tenjiku]``), the
bibliography is sorted by key, and titles keep the capitalisation written in
``references.bib`` instead of being turned into sentence case.
"""

from pybtex.plugin import register_plugin
from pybtex.style.formatting.unsrt import Style as UnsrtStyle
from pybtex.style.labels import BaseLabelStyle
from pybtex.style.sorting import BaseSortingStyle
from pybtex.style.template import field, sentence


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


def setup(app):
    register_plugin("pybtex.style.labels", "citekeys", KeyLabelStyle)
    register_plugin("pybtex.style.sorting", "citekeys", KeySortingStyle)
    register_plugin("pybtex.style.formatting", "citekeys", CiteKeyStyle)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""The shared source and reference files the tests read, and what happens when one is missing.

Off CI a test whose article or reference table is not beside the clone is skipped; on CI (``CI`` set)
it fails, so a moved or renamed source cannot silently turn checks off.
"""

from __future__ import annotations

import os

import pytest

import helpers
from helpers import SHARED_DIR, extractor, skip_unless_ci

SOURCES = [extractor.article_path(v) for v in extractor.ARTICLE_FILES]
REFERENCES = [os.path.join(SHARED_DIR, "reference", "evans-tables.md")]


@pytest.mark.parametrize("path", SOURCES + REFERENCES, ids=os.path.basename)
def test_source_file_is_present(path):
    if not os.path.isfile(path):
        skip_unless_ci(f"{path} is not here")
    with open(path, encoding="utf-8") as f:
        assert len(f.read()) > 1000, path


def test_articles_are_the_five_named_in_the_sources_readme():
    readme = os.path.join(SHARED_DIR, "sources", "README.md")
    if not os.path.isfile(readme):
        skip_unless_ci(f"{readme} is not here")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    assert all(os.path.basename(p) in text for p in SOURCES)


def test_a_missing_file_fails_on_ci(monkeypatch):
    monkeypatch.setattr(helpers, "IN_CI", True)
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        skip_unless_ci("nothing here")
    monkeypatch.setattr(helpers, "IN_CI", False)
    with pytest.raises(pytest.skip.Exception):
        skip_unless_ci("nothing here")

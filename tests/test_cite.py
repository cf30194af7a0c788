"""Citing the book: ``shogi-rules cite`` and :mod:`shogi_rules.apps.cite`, and ``CITATION.cff`` against the
package, ``pyproject.toml``, ``_config.yml`` and the changelog."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml

from shogi_rules import available_variants, get_variant
from shogi_rules.apps.cite import RELEASED, anchor, book_address, cite, cite_piece, cite_rule, package_version, rule_page
from shogi_rules.apps.cli import main
from shogi_rules.notation.piece_list import piece_anchor
from shogi_rules.model.errors import PieceError, ShogiRulesError, UnknownRuleError

ROOT = Path(__file__).resolve().parents[1]
CONFIG = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CFF = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
READINGS = [c.id for v in available_variants() for c in v.rule_choices] + [
    f"{c.id}={o.id}" for v in available_variants() for c in v.rule_choices for o in c.options]
PIECES = [(v.id, k.code) for v in available_variants() for k in v.pieces]


def test_address_is_the_config_setting():
    assert book_address() == CONFIG["html"]["baseurl"].rstrip("/") + "/"


@pytest.mark.parametrize("reading", READINGS)
def test_rule_citation_names_version_date_and_anchor(reading):
    rule_id, _, option = reading.partition("=")
    c = cite_rule(reading)
    variant = get_variant(rule_id.partition(".")[0])
    assert c.url == f"{book_address()}{rule_page(variant.id)}.html#{anchor(rule_id, *([option] if option else []))}"
    for part in (rule_id, option, variant.name, PYPROJECT["project"]["version"], RELEASED, c.url):
        assert part in c.text
        assert part in c.bibtex
    assert c.bibtex.startswith(f"@misc{{shogi-rules:{rule_id}" + (f":{option}," if option else ","))
    for field in ("author", "title", "version", "date", "url"):
        assert re.search(rf"^  {field} +=", c.bibtex, re.M), field
    assert c.bibtex.count("{") == c.bibtex.count("}")


def test_an_options_anchor_extends_its_choices():
    assert cite_rule("tenjiku.fire-demon.meeting=adams").url.endswith(
        "notebooks/rules-tenjiku.html#tenjiku-fire-demon-meeting-adams")
    assert cite_rule("wa.drops").url.endswith("notebooks/rules-shogi-family.html#wa-drops")


@pytest.mark.parametrize("variant, code", PIECES)
def test_piece_citation_points_at_its_own_section(variant, code):
    c = cite_piece(variant, code)
    kind = get_variant(variant).piece(code)
    assert c.url == f"{book_address()}book/pieces/{variant}.html#{piece_anchor(variant, code)}"
    assert kind.english in c.text and kind.kanji in c.bibtex and f"shogi-rules:{variant}:{code}," in c.bibtex


@pytest.mark.parametrize("args", [["tenjiku.promotion=tsa"], ["wa.drops"], ["makadaidai", "K"], ["chu", "Ln"]])
def test_cli_prints_what_the_book_shows(args, capsys):
    assert main(["cite", *args]) == 0
    assert capsys.readouterr().out == str(cite(*args)) + "\n"


@pytest.mark.parametrize("args, error", [
    (["tenjiku.no-such-rule"], UnknownRuleError), (["tenjiku.promotion=nope"], UnknownRuleError),
    (["nope.rule"], UnknownRuleError), (["tenjiku", "XYZ"], PieceError), (["a", "b", "c"], ShogiRulesError)])
def test_bad_readings_are_one_line_errors(args, error, capsys):
    with pytest.raises(error):
        cite(*args)
    assert main(["cite", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("shogi-rules: error: ") and err.count("\n") == 1 and "Traceback" not in err


def test_citation_file_agrees_with_the_package_and_the_book():
    project = PYPROJECT["project"]
    assert CFF["cff-version"] == "1.2.0" and CFF["type"] == "software" and CFF["message"]
    assert CFF["version"] == project["version"] == package_version()
    assert CFF["date-released"] == RELEASED
    assert CFF["license"] == project["license"]
    assert CFF["title"] == CONFIG["title"]
    assert [a["name"] for a in CFF["authors"]] == [a["name"] for a in project["authors"]]
    assert CFF["url"] == CONFIG["html"]["baseurl"]
    assert CFF["repository-code"] == CONFIG["sphinx"]["config"]["edition_repository"]
    abstract = " ".join(CFF["abstract"].split())
    for v in available_variants():
        name = v.name.removesuffix(" shogi")
        assert v.name == "Shogi" or name in abstract, f"the abstract leaves out {v.name}"
        assert v.name.lower() in (k.lower() for k in CFF["keywords"]), f"no keyword for {v.name}"


def test_changelog_dates_the_packages_version():
    text = (ROOT / "book" / "changelog.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## (\S+) \((\d{4}-\d\d-\d\d)\)$", text, re.M)
    assert versions and versions[0] == (package_version(), RELEASED)

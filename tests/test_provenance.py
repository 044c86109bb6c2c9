"""Every value a preset attributes to its source is there, in the source's own words.

The seeds (../shared/seeds beside the repository) are the authority. A quote counts as
found when it stands in its seed with line breaks and runs of spaces folded to one space.
In CI the seeds must be present: the test fails rather than skips without them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from scorekeeper.engine import all_rulesets, find_ruleset
from scorekeeper.engine.ruleset import CITATION, QUOTED, Origin

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"
MARKED = re.compile(r"「(.+?)」(?=[）)、。 ]|$)")  # a quote inside our own notes and reasons


def fold(words: str) -> str:
    return re.sub(r"\s+", " ", words).strip()


@pytest.fixture(scope="module")
def seeds() -> dict[str, str]:
    if not SEEDS.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"the seeds are missing at {SEEDS}: CI must check every quote")
        pytest.skip(f"no seeds at {SEEDS}")
    return {path.name: fold(path.read_text(encoding="utf-8")) for path in SEEDS.glob("*.txt")}


def quotes_of(ruleset):
    """(where, words) for every quote a preset holds: its options, notes and reasons."""
    for name, provenance in ruleset.provenance.items():
        if provenance.quote:
            yield name, provenance.quote
        for language in (None, "ja"):
            for words in MARKED.findall(ruleset.why(name, language) or ""):
                yield f"{name} (why)", words
    for language in (None, "ja"):
        for note in ruleset.text("notes", language):
            for words in MARKED.findall(note):
                yield "notes", words


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_every_quote_stands_in_its_seed(ruleset, seeds):
    quotes = list(quotes_of(ruleset))
    if ruleset.source_file is None:
        # No words of a source outside the seeds are kept here: an option's "quote" is
        # the source's URL and section, and notes and reasons quote nothing.
        assert ruleset.source_url
        cited = [words for where, words in quotes if where in ruleset.provenance]
        assert all(CITATION.match(words) for words in cited)
        assert all(words.startswith(ruleset.source_url) for words in cited)
        assert len(cited) == len(quotes), "a source outside the seeds has no words quoted"
        return
    assert ruleset.source_file in seeds
    seed = seeds[ruleset.source_file]
    missing = [(where, words) for where, words in quotes if fold(words) not in seed]
    assert not missing


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_every_origin_carries_what_it_needs(ruleset):
    for name, provenance in ruleset.provenance.items():
        if provenance.origin in QUOTED:
            assert provenance.quote, name
        if provenance.origin is Origin.INTERPRETED:
            assert provenance.why and ruleset.why(name, "ja"), name
        if provenance.origin is Origin.CHOSEN:
            assert provenance.alternatives, name
        assert provenance.origin is not Origin.CHANGED


# What a line-by-line reading of the seeds found (issue 13): value and origin.
FOUND = [
    ("network-spades", "all_tricks", "bonus_200", "stated"),
    ("network-spades", "target", 300, "stated"),
    ("winspades", "overtricks", "plus_one", "stated"),
    ("winspades", "sandbagging", False, "stated"),
    ("cardsite-individual", "zero_is_nil", True, "stated"),
    ("cardsite-individual", "tricks_per_hand", 13, "stated"),
    ("cardsite-individual", "blind_nil", False, "default"),
    ("akagiri-standard", "failed_nil_tricks", "count_for_team", "stated"),
    ("akagiri-sandbag", "failed_nil_tricks", "count_for_team", "stated"),
    ("akagiri-standard", "tricks_per_hand", 13, "stated"),
    ("hoyle", "failed_nil_tricks", "count_for_team", "inherited"),
    ("hoyle", "contract", "team_total", "inherited"),
    ("yahoo-normal", "trump_order", "standard", "stated"),
    ("yahoo-lefty", "blind_nil", False, "interpreted"),
    ("yahoo-righty", "blind_nil", False, "interpreted"),
    ("three-wong", "target", 500, "chosen"),
    ("windswept", "nil_exchange", 0, "interpreted"),
    ("windswept", "blind_nil_exchange", 0, "interpreted"),
    ("hearts-widow", "players", 5, "chosen"),
    ("pagat-standard", "failed_nil_tricks", "bags_only", "interpreted"),
]


@pytest.mark.parametrize(("ruleset_id", "option", "value", "origin"), FOUND)
def test_what_the_seeds_say(ruleset_id, option, value, origin):
    ruleset = find_ruleset(ruleset_id)
    raw = getattr(ruleset.options, option)
    assert getattr(raw, "value", raw) == value
    assert ruleset.provenance[option].origin == origin


def test_a_part_three_list_inherits_from_the_rule_at_its_top():
    """002 part 3 opens with the standard's summary; what a list leaves out comes from it."""
    for ruleset_id in ("hoyle", "cardgames-hwa", "dan-brad", "network-spades", "spaceways"):
        ruleset = find_ruleset(ruleset_id)
        assert ruleset.base_part
        assert ruleset.provenance["overtricks"].origin == "inherited"
        assert "オーバートリック" in (ruleset.provenance["overtricks"].quote or "")

"""Bridge options in plain words, grouped as a rule sheet shows them; only the options
of the ruleset's form (rubber, Chicago, duplicate, a traveller)."""

from __future__ import annotations

from ..rulesheet import Answer, Group, Sheet, Table, choice_texts, grouped
from ..text import N_, Text, text
from .options import FORM_OPTIONS, BridgeOptions, ChicagoScoring, Compare, Form

CHOICES: dict[str, dict[str, str]] = {
    "form": {
        "rubber": N_("rubber: games below the line, the rubber premium"),
        "chicago": N_("Chicago: four deals, vulnerability by the deal"),
        "duplicate": N_("duplicate: boards scored one by one"),
        "duplicate_board": N_("a traveller: one board's results from several tables compared"),
    },
    "chicago_scoring": {
        "carry": N_("partscores carry toward game; the game premium when a game is made"),
        "duplicate": N_("every deal scored on its own, as in duplicate"),
    },
    "vul_deals_2_3": {
        "dealer": N_("the dealer's side"),
        "non_dealer": N_("the side not dealing"),
    },
    "compare": {
        "matchpoints": N_("matchpoints"),
        "cross_imps": N_("cross-IMPs (every result against every other)"),
        "butler": N_("Butler (IMPs against the datum)"),
        "teams": N_("teams (IMPs between the two tables of a match)"),
    },
}


def _yes(value: bool, o: BridgeOptions) -> Text:
    return text(N_("yes")) if value else text(N_("no"))


def _points(value: int, o: BridgeOptions) -> Text:
    return text(N_("{n} points"), n=value)


def _choice(name: str) -> object:
    return lambda v, o: text(CHOICES[name][v.value])


SHEET: Sheet = {
    "form": (N_("Table"), N_("Scoring"), _choice("form")),  # type: ignore[dict-item]
    "players": (
        N_("Table"),
        N_("Number of players"),
        lambda v, o: text(N_("{n}, North-South against East-West"), n=v),
    ),
    "honours": (N_("Premiums"), N_("Honours count"), _yes),
    "unfinished_partscore_bonus": (
        N_("Premiums"),
        N_("Unfinished rubber: the only partscore"),
        _points,
    ),
    "chicago_scoring": (N_("Chicago"), N_("Partscores"), _choice("chicago_scoring")),  # type: ignore[dict-item]
    "vul_deals_2_3": (N_("Chicago"), N_("Vulnerable on deals 2 and 3"), _choice("vul_deals_2_3")),  # type: ignore[dict-item]
    "deals": (N_("Chicago"), N_("Deals"), lambda v, o: text(N_("{n}"), n=v)),
    "fourth_deal_partscore_bonus": (N_("Chicago"), N_("A partscore on deal 4"), _points),
    "boards": (
        N_("Duplicate"),
        N_("Boards"),
        lambda v, o: text(N_("{n}"), n=v) if v else text(N_("as many as are played")),
    ),
    "compare": (N_("Traveller"), N_("Results compared by"), _choice("compare")),  # type: ignore[dict-item]
    "mp_scale": (
        N_("Traveller"),
        N_("Matchpoints"),
        lambda v, o: (
            text(N_("2 per score beaten, 1 per tie"))
            if v == 2
            else text(N_("1 per score beaten, ½ per tie"))
        ),
    ),
    "neuberg_expected": (
        N_("Traveller"),
        N_("Neuberg"),
        lambda v, o: (
            text(N_("a board with fewer than {n} results is scaled to {n}"), n=v)
            if v
            else text(N_("off"))
        ),
    ),
    "cross_imps_average": (
        N_("Traveller"),
        N_("Cross-IMPs averaged over the other results"),
        _yes,
    ),
}


def _mine(o: BridgeOptions) -> frozenset[str]:
    return frozenset({"form", "players"}) | FORM_OPTIONS[o.form]


def describe(options: BridgeOptions) -> list[Group]:
    mine = _mine(options)
    return grouped({name: said for name, said in SHEET.items() if name in mine}, options)


def choice_words() -> dict[str, dict[str, Text]]:
    return choice_texts(CHOICES)


def relevant(o: BridgeOptions) -> frozenset[str]:
    mine = set(_mine(o))
    if o.form is Form.CHICAGO and o.chicago_scoring is ChicagoScoring.DUPLICATE:
        mine.discard("fourth_deal_partscore_bonus")
    if o.form is Form.DUPLICATE_BOARD:
        if o.compare is not Compare.MATCHPOINTS:
            mine -= {"mp_scale", "neuberg_expected"}
        if o.compare is not Compare.CROSS_IMPS:
            mine.discard("cross_imps_average")
    return frozenset(mine)


KEY = frozenset(SHEET)
PRINTED = frozenset({"form", "honours", "chicago_scoring", "vul_deals_2_3", "deals", "compare"})


def answers(o: BridgeOptions) -> list[Answer]:
    lines = [
        text(
            N_(
                "Trick points: clubs and diamonds 20 a trick, hearts and spades 30, no trump"
                " 40 for the first and 30 for each later trick; doubled twice that, redoubled"
                " four times. 100 or more on one deal is a game."
            )
        ),
        text(
            N_(
                "Slams: a small slam 500 (750 vulnerable), a grand slam 1000 (1500). Making a"
                " doubled contract 50, redoubled 100."
            )
        ),
    ]
    found = [Answer(text(N_("What a contract scores")), tuple(lines))]
    if o.form is Form.RUBBER:
        found.append(
            Answer(
                text(N_("The rubber")),
                (
                    text(
                        N_(
                            "The first side to win two games wins the rubber premium: 700 if"
                            " the others have no game, 500 if they have one. The larger total"
                            " wins."
                        )
                    ),
                ),
                ("unfinished_partscore_bonus",),
            )
        )
    if o.form is Form.CHICAGO:
        found.append(
            Answer(
                text(N_("Vulnerability")),
                (
                    text(
                        N_(
                            "Deal 1: nobody; deals 2 and 3: as the rules say; deal 4: both. A"
                            " passed-out deal is dealt again by the same dealer."
                        )
                    ),
                ),
                ("vul_deals_2_3",),
            )
        )
    return found


def tables(o: BridgeOptions) -> list[Table]:
    return []

"""Bridge option dimensions (RULES.md §7.3): one kind scored in four forms, each form
with its own options; an option of another form is refused."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..options import OptionError
from ..text import N_, Text, text

SEATS = 4  # North, East, South, West; North-South against East-West
TRICKS = 13


class Form(StrEnum):
    """How the table scores: rubber, Chicago, duplicate boards at one table, or one
    board's results from several tables compared (a traveller)."""

    RUBBER = "rubber"
    CHICAGO = "chicago"
    DUPLICATE = "duplicate"
    DUPLICATE_BOARD = "duplicate_board"


class ChicagoScoring(StrEnum):
    CARRY = "carry"  # partscores carry toward game; game premium when completed
    DUPLICATE = "duplicate"  # every deal scored on its own by Law 77


class VulDeals23(StrEnum):
    DEALER = "dealer"  # the dealer's side is vulnerable on deals 2 and 3
    NON_DEALER = "non_dealer"  # the other side is


class Compare(StrEnum):
    MATCHPOINTS = "matchpoints"
    CROSS_IMPS = "cross_imps"
    BUTLER = "butler"
    TEAMS = "teams"


# Which options each form takes (besides `form` and `players`, every form's).
FORM_OPTIONS: dict[Form, frozenset[str]] = {
    Form.RUBBER: frozenset({"honours", "unfinished_partscore_bonus"}),
    Form.CHICAGO: frozenset(
        {"honours", "chicago_scoring", "vul_deals_2_3", "deals", "fourth_deal_partscore_bonus"}
    ),
    Form.DUPLICATE: frozenset({"boards"}),
    Form.DUPLICATE_BOARD: frozenset(
        {"compare", "mp_scale", "neuberg_expected", "cross_imps_average"}
    ),
}
FORM_WORDS = {
    Form.RUBBER: N_("rubber"),
    Form.CHICAGO: N_("Chicago"),
    Form.DUPLICATE: N_("duplicate"),
    Form.DUPLICATE_BOARD: N_("a traveller (duplicate across tables)"),
}


@dataclass(frozen=True)
class BridgeOptions:
    """One point in the bridge option space (RULES.md §7.3, with its defaults)."""

    form: Form = Form.RUBBER
    players: int = SEATS
    honours: bool = True
    unfinished_partscore_bonus: int = 100
    chicago_scoring: ChicagoScoring = ChicagoScoring.CARRY
    vul_deals_2_3: VulDeals23 = VulDeals23.DEALER
    deals: int = 4
    fourth_deal_partscore_bonus: int = 100
    boards: int = 0
    compare: Compare = Compare.MATCHPOINTS
    mp_scale: int = 2
    neuberg_expected: int = 0
    cross_imps_average: bool = True

    def foreign(self, name: str) -> Text | None:
        """Why option `name` cannot be set under these options: it is another form's."""
        if name in ("form", "players") or name in FORM_OPTIONS[self.form]:
            return None
        forms = [form for form, names in FORM_OPTIONS.items() if name in names]
        if not forms:
            return None
        said = text(FORM_WORDS[forms[0]])
        if len(forms) > 1:
            said = text(N_("{one} and {other}"), one=said, other=text(FORM_WORDS[forms[1]]))
        return text(N_("option {name} is for {form}"), name=name, form=said)

    def validate(self) -> None:
        """Refuse values no table plays, the first as a game file's error line says it."""
        problems: list[tuple[tuple[str, ...], Text]] = []
        if self.players != SEATS:
            problems.append(
                (
                    ("players",),
                    text(N_("Bridge is for 4 players, got {count}"), count=self.players),
                )
            )
        if self.deals < 4 or self.deals % 4:
            problems.append((("deals",), text(N_("option deals must be a multiple of 4"))))
        for name in ("unfinished_partscore_bonus", "fourth_deal_partscore_bonus", "boards"):
            if getattr(self, name) < 0:
                problems.append(((name,), text(N_("option {name} must be 0 or more"), name=name)))
        if self.mp_scale not in (1, 2):
            problems.append((("mp_scale",), text(N_("option mp_scale must be 2 or 1"))))
        if self.neuberg_expected < 0 or self.neuberg_expected == 1:
            problems.append(
                (
                    ("neuberg_expected",),
                    text(N_("option neuberg_expected must be 0 (off) or 2 or more")),
                )
            )
        if problems:
            raise OptionError(problems[0][1], problems, problems[0][1])

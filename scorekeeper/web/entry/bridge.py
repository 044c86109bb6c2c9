"""Entering a bridge deal on one page (RULES.md §7.8): the declarer (or passed out), the
contract from a bidding box, doubled or not, the result centred on "made exactly", and
honours where the rules count them. A made contract takes three taps: seat, bid, save.

The deal keeps its own code (engine/bridge `HAND` is a `HandCode`) rather than fields
declared for `Declared`: the game file holds the doubling inside the contract ("4SX"),
takes either `tricks` or `result`, says a passed-out deal as the contract "pass" (not as
a declarer of nobody), and a traveller's raw `ns_score` stands in for the whole contract;
its errors come in the order GAME-FORMAT.md gives them. The pickers differ from a
declared field's too: the declarer by compass seat and name, the result strip signed
around "made exactly", honours as a side and its points in one tap."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask_babel import lazy_gettext as _l

from ...engine import GameResult
from ...engine.bridge import KIND
from ...engine.bridge.contract import (
    STRAINS,
    SYMBOLS,
    VULNERABILITY,
    board_vulnerability,
    possible_scores,
)
from ...engine.bridge.hand import SEAT_WORDS, contract_words, hand_to_json, parse_hand
from ...engine.bridge.options import BridgeOptions, Compare, Form
from ...engine.bridge.scoring import (
    VUL_WORDS,
    BridgeState,
    Deal,
    chicago_vulnerable,
    closing,
    final_totals,
)
from ...engine.errors import InvalidHand
from ...engine.hand import Body
from ...engine.text import N_, Text, sentence, text
from ...limits import parse_count
from ...store import StoredGame
from .base import Choice, OnePage, OnePageEntry, Picker, Read, numbers
from .base import Form as Values

PASSED = "pass"
FIELDS = ("board", "declarer", "contract", "doubled", "result", "honours")


def _signed(n: int) -> str:
    return "=" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


def pickers(
    options: BridgeOptions,
    players: Sequence[str],
    values: Values,
    errors: Mapping[str, Text],
) -> list[Picker]:
    """Declarer, contract, doubling, result, and honours where they count."""
    rows = []
    if options.form is Form.DUPLICATE_BOARD:
        rows.append(
            Picker(
                name="board",
                label=str(_l("Board")),
                choices=numbers(1, 36),
                selected=values.get("board"),
                error=errors.get("board"),
            )
        )
    rows += [
        Picker(
            name="declarer",
            label=str(_l("Declarer")),
            choices=[
                *(
                    Choice(str(seat), f"{_l(SEAT_WORDS[seat])} · {players[seat]}", wide=True)
                    for seat in range(4)
                ),
                Choice(PASSED, _l("Passed out"), wide=True),
            ],
            selected=values.get("declarer"),
            error=errors.get("declarer"),
            words=True,
            then="kinds/bridge/score.html" if options.form is Form.DUPLICATE_BOARD else "",
        ),
        Picker(
            name="contract",
            label=str(_l("Contract")),
            choices=[
                Choice(f"{level}{strain}", f"{level}{SYMBOLS[strain]}")
                for level in range(1, 8)
                for strain in STRAINS
            ],
            selected=values.get("contract"),
            error=errors.get("contract"),
        ),
        Picker(
            name="doubled",
            label=str(_l("Doubled")),
            choices=[
                Choice("", _l("no"), wide=True),
                Choice("X", _l("doubled (X)"), wide=True),
                Choice("XX", _l("redoubled (XX)"), wide=True),
            ],
            selected=values.get("doubled") or "",
            error=errors.get("doubled"),
            words=True,
        ),
        Picker(
            name="result",
            label=str(_l("Result")),
            hint=_l("= made exactly; +1 one overtrick; −1 one down"),
            choices=[Choice(str(n), _signed(n)) for n in range(-13, 7)],
            selected=values.get("result") or "0",
            error=errors.get("result"),
        ),
    ]
    if options.form is Form.DUPLICATE_BOARD:
        rows += [
            Picker(
                name=name,
                label=str(_l(label)),
                choices=numbers(1, 16),
                selected=values.get(name),
                error=errors.get(name),
            )
            for name, label in (
                ("ns_pair", N_("North-South pair")),
                ("ew_pair", N_("East-West pair")),
            )
        ]
    if options.honours and options.form in (Form.RUBBER, Form.CHICAGO):
        rows.append(
            Picker(
                name="honours",
                label=str(_l("Honours")),
                choices=[
                    Choice("", _l("none"), wide=True),
                    *(
                        Choice(f"{side}:{points}", f"{points} {_l(name)}", wide=True)
                        for side, name in ((0, N_("North-South")), (1, N_("East-West")))
                        for points in (100, 150)
                    ),
                ],
                selected=values.get("honours") or "",
                error=errors.get("honours"),
                words=True,
            )
        )
    return rows


def read(options: BridgeOptions, values: Values) -> Read:
    """Turn the form into a deal; the engine checks it."""
    body: dict[str, object] = {}
    errors: dict[str, Text] = {}
    if options.form is Form.DUPLICATE_BOARD:
        board = parse_count((values.get("board") or "").strip())
        if not board:
            errors["board"] = text(N_("Choose the board"))
        body["board"] = board
        for name in ("ns_pair", "ew_pair"):
            if (values.get(name) or "").strip():
                body[name] = values[name].strip()
        typed = (values.get("ns_score") or "").strip().replace("−", "-")
        if typed and not values.get("declarer"):
            return _typed_score(options, body, typed, errors)
    declarer = (values.get("declarer") or "").strip()
    if declarer == PASSED:
        body["contract"] = "pass"
        return (None, errors, []) if errors else (body, {}, [])
    seat = parse_count(declarer)
    if seat is None or seat > 3:
        errors["declarer"] = text(N_("Choose the declarer, or passed out"))
    contract = (values.get("contract") or "").strip()
    if not contract:
        errors["contract"] = text(N_("Choose the contract"))
    result = (values.get("result") or "0").strip().replace("−", "-")
    try:
        made = int(result)
    except ValueError:
        errors["result"] = text(N_("Choose the result"))
    if errors:
        return None, errors, []
    doubled = (values.get("doubled") or "").strip().upper()
    body.update(contract=contract + doubled, declarer=seat, result=made)
    honours = (values.get("honours") or "").strip()
    if honours:
        side, points = honours.split(":", 1)
        body["honours"] = {"side": int(side), "points": int(points)}
    try:
        parse_hand(body, options)
    except InvalidHand as error:
        field = error.field or ""
        if field in FIELDS:
            return None, {field: sentence(error.message)}, []
        return None, {}, [sentence(error.message)]
    return body, {}, []


def _typed_score(
    options: BridgeOptions, body: dict[str, object], typed: str, errors: dict[str, Text]
) -> Read:
    """A raw North-South score; without its last zero, as ACBLscore takes it (62: 620)."""
    try:
        score = int(typed)
    except ValueError:
        errors["ns_score"] = text(N_("Type the score as a whole number, like 620 or −200"))
        return None, errors, []
    if errors:
        return None, errors, []
    board = body["board"]
    assert isinstance(board, int)  # read above, or the errors were returned
    vulnerable = VULNERABILITY[board_vulnerability(board)]
    possible = possible_scores(vulnerable)
    if score not in possible and score * 10 in possible:
        score *= 10
    if score not in possible:
        said = text(
            N_("No contract scores {score} on board {board} ({vulnerable})"),
            score=score,
            board=board,
            vulnerable=text(VUL_WORDS[board_vulnerability(board)]),
        )
        return None, {"ns_score": said}, []
    body["ns_score"] = score
    try:
        parse_hand(body, options)
    except InvalidHand as error:
        return None, {"ns_score": sentence(error.message)}, []
    return body, {}, []


def values_from_hand(body: Body) -> tuple[dict[str, str], list[str]]:
    values: dict[str, str] = {}
    if body.get("board") is not None:
        values["board"] = str(body["board"])
    for name in ("ns_pair", "ew_pair"):
        if body.get(name) is not None:
            values[name] = str(body[name])
    if body.get("ns_score") is not None:
        values["ns_score"] = str(body["ns_score"])
        return values, []
    code = str(body.get("contract") or "")
    if code.lower() == PASSED or body.get("declarer") is None:
        values["declarer"] = PASSED
        return values, []
    doubled = "XX" if code.upper().endswith("XX") else ("X" if code.upper().endswith("X") else "")
    values["contract"] = code.upper()[: len(code) - len(doubled)].replace("NT", "NT")
    if values["contract"].endswith("N"):
        values["contract"] += "T"
    values["doubled"] = doubled
    values["declarer"] = str(body["declarer"])
    if body.get("result") is not None:
        values["result"] = str(body["result"])
    elif body.get("tricks") is not None:
        values["result"] = str(int(body["tricks"]) - int(values["contract"][0]) - 6)
    honours = body.get("honours")
    if isinstance(honours, dict):
        values["honours"] = f"{honours.get('side')}:{honours.get('points')}"
    return values, []


@dataclass(frozen=True)
class RubberSheet:
    """A rubber as it is written on paper: above the line the premiums, the latest
    furthest from the line, as (deal, side, points, item); below it the trick points
    game by game, as (deal, side, points); the side that won each game."""

    above: list[tuple[int, int, int, str]]
    games: list[list[tuple[int, int, int]]]
    won: list[int]


def rubber_sheet(state: BridgeState) -> RubberSheet:
    """The rubber's items above and below the line, deal by deal."""
    above: list[tuple[int, int, int, str]] = []
    games: list[list[tuple[int, int, int]]] = [[]]
    won: list[int] = []
    for deal in state.deals:
        for item in deal.items:
            if item.line == "above":
                above.append((deal.number, item.side, item.points, item.kind))
            else:
                games[-1].append((deal.number, item.side, item.points))
        if deal.game_won is not None:
            won.append(deal.game_won)
            games.append([])
    return RubberSheet(list(reversed(above)), games, won)


@dataclass(frozen=True)
class WheelDeal:
    """One deal of a chicago's wheel: its dealer and vulnerability (words to translate),
    the deal as scored once played, and whether it is the next."""

    number: int
    dealer: str
    vulnerable: str
    deal: Deal | None
    next: bool
    said: str


def chicago_wheel(options: BridgeOptions, state: BridgeState) -> list[WheelDeal]:
    """The four deals of the chicago being played: dealer, vulnerability, what was made."""
    played = [deal for deal in state.deals if not deal.redealt]
    block = played[len(played) - (len(played) - 1) % 4 - 1 :] if played else []
    if len(played) % 4 == 0 and len(played) < options.deals:
        block = []  # a new chicago starts
    rows = []
    first = block[0].dealer if block else None
    dealer = first if first is not None else state.dealer
    for number in range(1, 5):
        deal = block[number - 1] if number <= len(block) else None
        seat = deal.dealer if deal is not None and deal.dealer is not None else dealer
        vulnerable = chicago_vulnerable(options, number, seat)
        rows.append(
            WheelDeal(
                number=number,
                dealer=SEAT_WORDS[seat],
                vulnerable=VUL_WORDS[
                    {(False, False): "none", (True, False): "ns", (False, True): "ew"}.get(
                        vulnerable, "both"
                    )
                ],
                deal=deal,
                next=deal is None and number == len(block) + 1,
                said=contract_words(hand_to_json(deal.hand)) if deal else "",
            )
        )
        dealer = (seat + 1) % 4
    return rows


@dataclass(frozen=True)
class Traveller:
    """A traveller's results compared (the kind's report): each result, the boards,
    the pairs ranked."""

    rows: Sequence[Mapping[str, object]]
    boards: object
    pairs: object
    matchpoints: bool


def bridge_of(stored: StoredGame, result: GameResult) -> tuple[BridgeOptions, BridgeState]:
    """A bridge game's rules and its state after the last deal."""
    options, state = stored.ruleset.options, result.state
    assert isinstance(options, BridgeOptions) and isinstance(state, BridgeState)
    return options, state


class BridgeEntry(OnePage[BridgeOptions]):
    """Bridge: one page per deal; the box before it says the dealer and vulnerability,
    and holds the rubber's sheet above and below the line, or the chicago's wheel."""

    next_template = "kinds/bridge/next.html"
    outcome_template = "kinds/bridge/outcome.html"

    def context(
        self, stored: StoredGame, result: GameResult, role: str | None
    ) -> dict[str, object]:
        options, state = bridge_of(stored, result)
        found: dict[str, object] = {"notes": [], "form": options.form.value}
        if options.form is Form.RUBBER:
            found["rubber"] = rubber_sheet(state)
            found["closing"] = closing(options, state)
            found["stopped"] = state.stopped
            found["totals"] = final_totals(options, state)
        elif options.form is Form.CHICAGO:
            found["wheel"] = chicago_wheel(options, state)
        elif options.form is Form.DUPLICATE_BOARD:
            rows, whole = KIND.report(options, state)
            found["traveller"] = Traveller(
                rows,
                whole.get("boards", []),
                whole.get("pairs", []),
                options.compare is Compare.MATCHPOINTS,
            )
        return found

    def next_button(self, number: int) -> Text:
        return text(N_("Enter deal {n}"), n=number)

    def next_words(self, stored: StoredGame) -> Text:
        return text(N_("Next: deal {n}."), n=len(stored.hands) + 1)

    def pickers(
        self,
        options: BridgeOptions,
        players: Sequence[str],
        dealer: int,
        values: Values,
        chosen: list[str],
        errors: Mapping[str, Text],
    ) -> list[Picker]:
        return pickers(options, players, values, errors)

    def read(
        self,
        options: BridgeOptions,
        players: Sequence[str],
        values: Values,
        chosen: list[str],
    ) -> Read:
        return read(options, values)

    def values_from_hand(self, body: Body) -> tuple[dict[str, str], list[str]]:
        return values_from_hand(body)

    def notes(self, options: BridgeOptions, number: int) -> list[Text]:
        return []


ENTRY: OnePageEntry[BridgeOptions] = BridgeEntry()  # checked against the interface by mypy

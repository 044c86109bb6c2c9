"""Contract Bridge as a game kind (RULES.md §7): four players in two partnerships, a
contract and the tricks a deal, scored as rubber, Chicago, duplicate boards at one
table, or a traveller comparing one board's results from several tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import GameError
from ..hand import Body, Gettext, HandCode
from ..kinds import Facts, GameKind, KindDefaults, Report, Scoring, Shape, Words
from ..text import N_, Text, text
from ..types import HandResult, Marker, StatColumn
from . import hand as hand_module
from . import scoring
from .compare import compare, plain
from .contract import Item, board_dealer, trick_points
from .hand import BridgeHand, contract_words, hand_to_json
from .options import TRICKS, BridgeOptions, ChicagoScoring, Compare, Form
from .scoring import BridgeState, Deal, closing, final_totals

if TYPE_CHECKING:
    from ..game import GameResult

FORMAT = "scorekeeper-game/1"  # a game file, as engine/game.py reads it
DIRECTIONS = ("North", "East", "South", "West")


def shorthand(body: Body, seats: Sequence[int], players: Sequence[str], gettext: Gettext) -> str:
    """The contract and result on the declaring side's cell ("4♠X N +1")."""
    declarer = body.get("declarer")
    if isinstance(declarer, int) and declarer in seats:
        return contract_words(body)
    if body.get("ns_score") is not None and 0 in seats:
        return contract_words(body)
    return ""


def csv_cells(body: Body, seat: int) -> dict[str, str]:
    """The declarer's seat carries the contract and the tricks taken."""
    if body.get("declarer") != seat or not isinstance(body.get("contract"), str):
        return {}
    said = contract_words(body).split(" ")
    return {"bid": said[0], "tricks": said[-1]}


# A deal is more than its fields (a contract with its doubling, tricks or a result, a
# traveller's raw score): its own functions say what a declared hand derives.
HAND = HandCode(
    hand_module.parse_hand,
    hand_module.hand_to_json,
    hand_module.hand_words,
    shorthand,
    ("bid", "tricks"),
    csv_cells,
)


class Bridge(KindDefaults[BridgeOptions, BridgeState]):
    """The Contract Bridge game kind."""

    facts = Facts(
        name="bridge",
        title=N_("Contract Bridge"),
        featured="rubber",
        options=BridgeOptions,
        markers={
            "made": Marker(N_("made")),
            "down": Marker(N_("down"), setback=True),
            "game": Marker(N_("game")),
            "slam": Marker(N_("slam")),
            "rubber": Marker(N_("rubber")),
        },
        stat_columns=(
            StatColumn(
                N_("Contracts made / declared"), ("declarer_made",), ("declarer_contracts",)
            ),
            StatColumn(N_("Games"), ("games_made",)),
            StatColumn(N_("Slams"), ("slams_made",)),
            StatColumn(N_("Contracts defeated"), ("contracts_defeated",)),
        ),
        scorecard=(
            (N_("Contract"), N_("By"), N_("Result")),
            (N_("Score"), N_("Total")),
        ),
        seated_by=frozenset({"players", "form"}),
    )
    scoring: Scoring[BridgeOptions, BridgeHand, BridgeState] = scoring
    hand = HAND

    def words(self) -> Words[BridgeOptions]:
        from . import describe  # the rule sheet: never needed to score

        return describe

    def shape(self, options: BridgeOptions) -> Shape:
        """Two partnerships, partners opposite, thirteen tricks; a traveller's sides are
        the directions."""
        if options.form is Form.DUPLICATE_BOARD:
            return Shape(options.players, True, TRICKS, ("North-South", "East-West"))
        return Shape(options.players, True, TRICKS)

    def seating(self, options: BridgeOptions, count: int) -> Text:
        return text(N_("Bridge is for 4 players, got {count}"), count=count)

    def across_tables(self, tables: Sequence[GameResult]) -> list[Body] | None:
        """An evening's tables that play duplicate boards, compared board by board: a
        traveller of every table's results (each pair its table's North-South or
        East-West partnership, by its players' names), by matchpoints and by cross-IMPs."""
        results: list[dict[str, object]] = []
        for table in tables:
            options, state = table.game.ruleset.options, table.state
            if not isinstance(options, BridgeOptions) or options.form is not Form.DUPLICATE:
                continue
            assert isinstance(state, BridgeState)
            ns, ew = (side.name for side in table.sides)
            results += [
                {**hand_to_json(deal.hand), "board": deal.number, "ns_pair": ns, "ew_pair": ew}
                for deal in state.deals
            ]
        if not results:
            return []
        return [
            {"format": FORMAT, "game": "bridge", "ruleset": ruleset, "hands": results}
            for ruleset in ("duplicate-board", "duplicate-board-cross-imps")
        ]

    def paper(self, options: BridgeOptions) -> str:
        """A rubber is written above and below the line; a chicago's pad is its wheel
        (a chicago's game sheet is a row per deal, as every game's)."""
        return {Form.RUBBER: "rubber", Form.CHICAGO: "chicago"}.get(options.form, "")

    def unnamed(self, options: BridgeOptions) -> tuple[str, ...] | None:
        """A traveller's results come from many pairs: its seats are the directions."""
        return DIRECTIONS if options.form is Form.DUPLICATE_BOARD else None

    def past_the_end(self, options: BridgeOptions, number: int) -> Text | None:
        if options.form is Form.RUBBER:
            return text(N_("the rubber is already over after hand {last}"), last=number - 1)
        if options.form is Form.CHICAGO:
            return text(N_("the chicago is over after {deals} deals"), deals=options.deals)
        return text(N_("the game is over after {boards} boards"), boards=options.boards)

    def footer(self, options: BridgeOptions) -> list[Text]:
        if options.form is Form.CHICAGO:
            return [text(N_("{n} deals"), n=options.deals)]
        if options.form is Form.DUPLICATE and options.boards:
            return [text(N_("{n} boards"), n=options.boards)]
        return []

    def carry_hand(
        self, raw: Body, played: BridgeOptions, other: BridgeOptions, players: Sequence[str]
    ) -> tuple[Body, Text | None]:
        """Honours held at a table whose rules count them, under rules that do not."""
        counted = other.honours and other.form in (Form.RUBBER, Form.CHICAGO)
        if raw.get("honours") is None or counted:
            return raw, None
        kept = {name: value for name, value in raw.items() if name != "honours"}
        return kept, text(N_("honours not counted"))

    def dealt_by(self, state: BridgeState, dealer: int) -> BridgeState:
        """Rubber and Chicago follow the seat that deals (a board carries its own)."""
        return replace(state, dealer=dealer)

    def dealers(
        self, options: BridgeOptions, state: BridgeState, rotation: Sequence[int]
    ) -> Sequence[int]:
        """Each deal's dealer as it was scored (a chicago's deal passed out is dealt again
        by the same dealer; a board is dealt by its own, Law 2), then the next deal's."""
        dealt = [
            seat if deal.dealer is None else deal.dealer
            for deal, seat in zip(state.deals, rotation, strict=False)
        ]
        if options.form in (Form.DUPLICATE, Form.DUPLICATE_BOARD):
            upcoming = board_dealer(state.deals[-1].number + 1 if state.deals else 1)
        else:
            upcoming = state.dealer
        return [*dealt, upcoming]

    def stop(self, options: BridgeOptions, state: BridgeState) -> BridgeState:
        if options.form is not Form.RUBBER:  # Chicago and boards end by their count
            raise GameError(text(N_("'stopped' is for a rubber only")))
        return scoring.stop(options, state)

    def tally(
        self,
        options: BridgeOptions,
        hand: BridgeHand,
        result: HandResult,
        seat: int,
        side: int,
    ) -> dict[str, int]:
        """Contracts declared and made, games and slams made, contracts defeated (counted
        under the game's own name, as every kind's tallies are)."""
        if hand.contract is None or hand.declarer is None or hand.tricks is None:
            return {}
        made = hand.tricks >= hand.contract.needed
        ours = hand.declarer % 2 == side
        counts = {
            "declarer_contracts": int(seat == hand.declarer),
            "declarer_made": int(seat == hand.declarer and made),
            "games_made": int(ours and made and trick_points(hand.contract) >= 100),
            "slams_made": int(ours and made and hand.contract.level >= 6),
            "contracts_defeated": int(not ours and not made),
        }
        return {name: n for name, n in counts.items() if n}

    def stats_json(self, counts: Mapping[str, int]) -> dict[str, object]:
        return {
            "declarer": {
                "contracts": counts.get("declarer_contracts", 0),
                "made": counts.get("declarer_made", 0),
            },
            "games_made": counts.get("games_made", 0),
            "slams_made": counts.get("slams_made", 0),
            "contracts_defeated": counts.get("contracts_defeated", 0),
        }

    def report(self, options: BridgeOptions, state: BridgeState) -> Report:
        return bridge_report(options, state)


def _items(items: Sequence[Item], lines: bool) -> list[dict[str, object]]:
    return [
        {
            "side": item.side,
            "kind": item.kind,
            "points": item.points,
            **({"line": item.line} if lines else {}),
        }
        for item in items
    ]


def _deal_json(options: BridgeOptions, deal: Deal) -> dict[str, object]:
    hand = deal.hand
    row: dict[str, object] = {
        "dealer": deal.dealer,
        "vulnerable": list(deal.vulnerable),
        "contract": hand.contract.code
        if hand.contract
        else (None if hand.ns_score is not None else "pass"),
        "declarer": hand.declarer,
        "tricks": hand.tricks,
        "result": hand.result,
        "items": _items(deal.items, options.form in (Form.RUBBER, Form.CHICAGO)),
    }
    if options.form is Form.RUBBER:
        row.update(
            deal=deal.number,
            below=list(deal.below),
            above=list(deal.above),
            partscore=list(deal.partscore),
            games=list(deal.games),
            game_won=deal.game_won,
        )
    elif options.form is Form.CHICAGO:
        row["deal"] = deal.number
        if deal.redealt:
            row["passed"] = True
        if options.chicago_scoring is ChicagoScoring.CARRY:
            row.update(
                below=list(deal.below), above=list(deal.above), partscore=list(deal.partscore)
            )
        else:
            row["ns_score"] = deal.ns_score
    else:
        row.update(board=deal.number, ns_score=deal.ns_score)
        for name in ("ns_pair", "ew_pair"):
            if getattr(hand, name) is not None:
                row[name] = getattr(hand, name)
    return row


def bridge_report(options: BridgeOptions, state: BridgeState) -> Report:
    rows = [_deal_json(options, deal) for deal in state.deals]
    whole: dict[str, object] = {}
    if options.form is Form.RUBBER:
        shut = closing(options, state)
        above = [sum(d.above[s] for d in state.deals) for s in (0, 1)]
        for item in shut:
            above[item.side] += item.points
        two = [side for side in (0, 1) if state.games[side] >= 2]
        whole.update(
            above=above,
            below=[sum(d.below[s] for d in state.deals) for s in (0, 1)],
            games=list(state.games),
            vulnerable=[state.games[0] > 0, state.games[1] > 0],
            won_two_games=two[0] if two else None,
            closing={
                "points": [sum(i.points for i in shut if i.side == s) for s in (0, 1)],
                "items": _items(shut, False),
            }
            if state.stopped and not two
            else None,
            totals=list(final_totals(options, state)),
        )
    elif options.form is Form.CHICAGO:
        whole["deals"] = state.played
    elif options.form is Form.DUPLICATE_BOARD:
        _traveller(options, state, rows, whole)
    return rows, whole


def _traveller(
    options: BridgeOptions,
    state: BridgeState,
    rows: list[dict[str, object]],
    whole: dict[str, object],
) -> None:
    """Each result compared with its board's others; the boards; the pairs."""
    scored, boards = compare(options, [(d.number, d.ns_score) for d in state.deals])
    matchpoints = options.compare is Compare.MATCHPOINTS
    totals = [Fraction(0), Fraction(0)]
    pairs: dict[tuple[str, str], dict[str, object]] = {}
    tops = {board.board: board.top for board in boards}
    for row, deal, result in zip(rows, state.deals, scored, strict=True):
        got = (result.ns, result.ew)
        if matchpoints:
            row["matchpoints"] = [plain(v) for v in got if v is not None]
            row["percent"] = [plain(p) for p in result.percent or ()]
        else:
            row["imps"] = None if result.ns is None else [plain(v) for v in got if v is not None]
        points = [Fraction(v or 0) for v in got]
        totals = [totals[0] + points[0], totals[1] + points[1]]
        row["points"] = [plain(p) for p in points]
        row["totals"] = [plain(t) for t in totals]
        for name, direction, value in (
            ("ns_pair", "NS", result.ns),
            ("ew_pair", "EW", result.ew),
        ):
            pair = getattr(deal.hand, name)
            if pair is None or value is None:
                continue
            entry = pairs.setdefault(
                (pair, direction),
                {"pair": pair, "direction": direction, "boards": 0, "score": 0, "top": 0},
            )
            entry["boards"] = int(entry["boards"]) + 1  # type: ignore[call-overload]
            entry["score"] = entry["score"] + value  # type: ignore[operator]
            if matchpoints:
                entry["top"] = entry["top"] + tops[deal.number]  # type: ignore[operator]
    whole["boards"] = [
        {
            "board": board.board,
            "results": len(board.results),
            **({"top": plain(board.top)} if board.top is not None else {}),
            **({"datum": board.datum} if board.datum is not None else {}),
        }
        for board in boards
    ]
    if pairs:
        listed = []
        for entry in pairs.values():
            score = entry.pop("score")
            top = entry.pop("top")
            if matchpoints:
                entry["matchpoints"] = plain(score)  # type: ignore[arg-type]
                entry["top"] = plain(top)  # type: ignore[arg-type]
                entry["percent"] = plain(score / top * 100) if top else 50  # type: ignore[operator]
            else:
                entry["imps"] = plain(score)  # type: ignore[arg-type]
            listed.append(entry)
        key = "percent" if matchpoints else "imps"
        listed.sort(key=lambda entry: -entry[key])  # type: ignore[operator]
        whole["pairs"] = listed
    whole["totals"] = [plain(t) for t in totals]


KIND: GameKind[BridgeOptions, BridgeHand, BridgeState] = Bridge()  # checked by mypy

__all__ = ["KIND", "BridgeHand", "BridgeOptions", "BridgeState"]

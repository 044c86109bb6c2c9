"""Scoring one Spades hand for every side, and deciding the end of the game.

Each side's score is built as explanation lines that add up to its points, so what the
table reads is exactly what was added. RULES.md §1.4 pins the interpretations used here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

from ..errors import InvalidHand
from ..outcome import decide
from ..per_options import PerOptions
from ..ruleset import Ruleset
from ..text import N_, Nn_, Text, signed, text
from ..types import Explanation, HandResult, Line, Outcome, Side
from .bids import NIL_KINDS, Bid, BidKind, _bid_table, check_bids, is_nil, is_whole, make_bid
from .options import (
    AllTricks,
    BlindReward,
    BlindSet,
    FailedNilTricks,
    Overtricks,
    Scoring,
    SetPenalty,
    SpadesOptions,
    TenFor,
)

# Python 3.11 reads an enum member off its class (TenFor.BONUS_200) through
# EnumType.__getattr__, at about six times the cost of reading a global; scoring a side
# compares a dozen options with members, for every hand a replay plays. So the scoring
# here compares with these names, bound once: `_TenFor_BONUS_200` is TenFor.BONUS_200.
_AllTricks_BONUS_200 = AllTricks.BONUS_200
_AllTricks_NONE = AllTricks.NONE
_BidKind_BLIND = BidKind.BLIND
_BidKind_BLIND_MOON = BidKind.BLIND_MOON
_BidKind_BLIND_NIL = BidKind.BLIND_NIL
_BidKind_DOUBLE_BLIND_NIL = BidKind.DOUBLE_BLIND_NIL
_BidKind_NIL = BidKind.NIL
_BidKind_NUMBER = BidKind.NUMBER
_BlindReward_BONUS_100 = BlindReward.BONUS_100
_BlindReward_DOUBLE = BlindReward.DOUBLE
_BlindSet_DOUBLE = BlindSet.DOUBLE
_BlindSet_PENALTY_100 = BlindSet.PENALTY_100
_FailedNilTricks_BAGS_ONLY = FailedNilTricks.BAGS_ONLY
_FailedNilTricks_COUNT_FOR_TEAM = FailedNilTricks.COUNT_FOR_TEAM
_Overtricks_MINUS_ONE = Overtricks.MINUS_ONE
_Overtricks_PLUS_ONE = Overtricks.PLUS_ONE
_Scoring_ERROR = Scoring.ERROR
_Scoring_POINTS = Scoring.POINTS
_SetPenalty_SHORTFALL = SetPenalty.SHORTFALL
_TenFor_BONUS_100 = TenFor.BONUS_100
_TenFor_BONUS_200 = TenFor.BONUS_200
_TenFor_DOUBLE = TenFor.DOUBLE
_TenFor_EXACT_10_200 = TenFor.EXACT_10_200

SMALL_BID_TABLE = {2: 40, 1: 60, 0: 100}
NOT_OVER = Outcome(False)


@dataclass(frozen=True)
class SpadesHand:
    """One hand as the table enters it: a bid and the tricks taken, per seat."""

    bids: tuple[Bid, ...]
    tricks: tuple[int, ...]


class SpadesState(NamedTuple):
    """Everything the next hand needs: totals, bags, and a sudden win if one happened.

    A named tuple: one is made per hand scored, and a frozen dataclass costs more."""

    players: tuple[str, ...]
    sides: tuple[Side, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    hands: int = 0
    sudden_winner: int | None = None
    sudden_reason: Text | None = None


class _SideScore:
    """One side's hand score as it is worked out: the points, and what each line of the
    explanation will say. The lines are written down as data (rule, points, template,
    parameters) and built only when somebody reads them; the points are the sum of
    exactly those lines. A line's "{points}" is its own points, signed."""

    __slots__ = ("bags", "markers", "notes", "points", "wins_game")

    def __init__(self) -> None:
        self.notes: list[tuple[str, int, str, dict[str, Any], str | None]] = []
        self.points = 0
        self.bags = 0
        self.markers: list[str] = []
        self.wins_game: Text | None = None

    def add(self, rule: str, points: int, template: str, /, **params: Any) -> None:
        """Add a line of `points` (0 for a line that only says something)."""
        self.notes.append((rule, points, template, params, None))
        self.points += points

    def add_n(
        self, rule: str, points: int, forms: tuple[str, str], n: int, /, **params: Any
    ) -> None:
        """Add a line whose wording depends on the number `n` (singular, plural)."""
        params["n"] = n
        self.notes.append((rule, points, forms[0], params, forms[1]))
        self.points += points

    def lines(self) -> tuple[Line, ...]:
        lines = []
        for rule, points, template, params, plural in self.notes:
            if "{points}" in template:
                params = {**params, "points": signed(points)}
            lines.append(Line(rule, Text(template, params, plural), points))
        return tuple(lines)


class _Tally(_SideScore):
    """The same score without its lines: what a replay needs. Scoring with a tally runs
    the very code that explains, so the two cannot disagree on a point or a marker."""

    __slots__ = ()

    def add(self, rule: str, points: int, template: str, /, **params: Any) -> None:
        self.points += points

    def add_n(
        self, rule: str, points: int, forms: tuple[str, str], n: int, /, **params: Any
    ) -> None:
        self.points += points


# Per kind of nil: the option that scores it, its name, and its markers made and failed.
_NIL_RULES = {
    kind: (rule, Text(name), f"{kind.value}_made", f"{kind.value}_failed")
    for kind, rule, name in (
        (_BidKind_NIL, "nil_points", N_("nil")),
        (_BidKind_BLIND_NIL, "blind_nil_points", N_("blind nil")),
        (_BidKind_DOUBLE_BLIND_NIL, "double_blind_nil_points", N_("double blind nil")),
    )
}


def _nil_points(options: SpadesOptions, kind: BidKind) -> tuple[int, int]:
    if kind is _BidKind_BLIND_NIL:
        return options.blind_nil_points, options.blind_nil_fail_points
    if kind is _BidKind_DOUBLE_BLIND_NIL:
        return options.double_blind_nil_points, options.double_blind_nil_points
    return options.nil_points, options.nil_points


def _contract_label(contract: int) -> Text:
    """A contract's name as its lines write it: one Text per number, made once rather
    than per side scored, and rendered once per language however many lines name it."""
    if 0 <= contract < len(_CONTRACT_LABELS):
        return _CONTRACT_LABELS[contract]
    return Text(N_("Contract {c}"), {"c": contract})


_CONTRACT_LABELS = [Text(N_("Contract {c}"), {"c": c}) for c in range(2 * 17 + 1)]
_NO_CONTRACT = Text(N_("No contract (nil)"))


def whole_contract(
    options: SpadesOptions, bids: Sequence[Bid], seats: Sequence[int]
) -> Bid | None:
    """The bid that is the side's whole contract, if any: a blind N or a moon (the first)."""
    for seat in seats:
        if is_whole(bids[seat], options):
            return bids[seat]
    return None


def score_side(
    options: SpadesOptions,
    side: Side,
    players: Sequence[str],
    hand: SpadesHand,
    score: _SideScore | None = None,
) -> _SideScore:
    """Score one side's hand into `score` (new, explained, when not given), bags before
    any sandbag rollover."""
    if score is None:
        score = _SideScore()
    bids, tricks, seats = hand.bids, hand.tricks, side.seats
    whole = whole_contract(options, bids, seats)
    # Beside a blind bid or a moon the partner's 0 means "no bid", even where 0 is nil.
    zero_is_nil = options.zero_is_nil and whole is None
    nil_tricks = contract = counted = contract_seats = 0
    for seat in seats:
        bid, took = bids[seat], tricks[seat]
        kind = bid.kind
        if kind is _BidKind_NUMBER and not (zero_is_nil and bid.n == 0):
            contract += bid.n
            counted += took
            contract_seats += 1
            continue
        if kind not in NIL_KINDS:
            if kind is _BidKind_NUMBER:
                kind = _BidKind_NIL  # a 0 scored as a nil
            else:  # the blind N or moon itself
                counted += took
                contract_seats += 1
                continue
        rule, name, made, failed = _NIL_RULES[kind]
        made_points, failed_points = _nil_points(options, kind)
        nil_tricks += took
        if took == 0:
            score.add(
                rule,
                made_points,
                N_("{player}: {nil} made, {points}"),
                player=players[seat],
                nil=name,
            )
            score.markers.append(made)  # "blind_nil_made", …
        else:
            score.add_n(
                rule,
                -failed_points,
                Nn_(
                    "{player}: {nil} failed ({n} trick), {points}",
                    "{player}: {nil} failed ({n} tricks), {points}",
                ),
                took,
                player=players[seat],
                nil=name,
            )
            score.markers.append(failed)

    if nil_tricks:
        if options.failed_nil_tricks is _FailedNilTricks_BAGS_ONLY:
            score.bags += nil_tricks
            score.add_n(
                "failed_nil_tricks",
                0,
                Nn_(
                    "{n} trick of the failed nil: a bag only, no points",
                    "{n} tricks of the failed nil: bags only, no points",
                ),
                nil_tricks,
            )
        elif contract_seats:
            counted += nil_tricks
            score.add_n(
                "failed_nil_tricks",
                0,
                Nn_(
                    "{n} trick of the failed nil counts toward the contract",
                    "{n} tricks of the failed nil count toward the contract",
                ),
                nil_tricks,
            )

    if not contract_seats:
        # Every seat of the side bid nil: a 0 contract, any tricks counted are overtricks.
        if options.failed_nil_tricks is _FailedNilTricks_COUNT_FOR_TEAM and nil_tricks:
            _contract(options, score, contract=0, took=nil_tricks, label=_NO_CONTRACT)
    elif whole is not None:
        _whole_contract(options, score, whole, counted)
    else:
        _contract(
            options,
            score,
            contract=contract,
            took=counted,
            label=_contract_label(contract),
        )

    side_took = sum(tricks[s] for s in seats)
    if side_took == options.tricks_per_hand and options.all_tricks is not _AllTricks_NONE:
        score.markers.append("all_tricks")
        if options.all_tricks is _AllTricks_BONUS_200:
            score.add("all_tricks", 200, N_("All {n} tricks: +200"), n=side_took)
        else:
            score.wins_game = text(N_("took all {n} tricks, which wins the game"), n=side_took)
            score.add("all_tricks", 0, N_("All {n} tricks: wins the game"), n=side_took)
    return score


def _whole_contract(options: SpadesOptions, score: _SideScore, bid: Bid, took: int) -> None:
    most = options.tricks_per_hand
    if bid.kind is _BidKind_BLIND:
        _contract(
            options,
            score,
            contract=bid.n,
            took=took,
            label=Text(N_("Blind {c}"), {"c": bid.n}),
            blind=True,
        )
        return
    blind = bid.kind is _BidKind_BLIND_MOON
    points = options.blind_moon_points if blind else options.moon_points
    rule = "blind_moon_points" if blind else "moon_points"
    name = Text(N_("Blind moon")) if blind else Text(N_("Moon"))
    if took == most:
        score.add(
            rule,
            points,
            N_("{moon}: took all {most}, {points}"),
            moon=name,
            most=most,
        )
        score.markers.append("moon_made")
        if options.moon_wins:
            score.wins_game = text(N_("made a moon, which wins the game"))
    else:
        score.add(
            rule,
            -points,
            N_("{moon} set: took {took} of {most}, {points}"),
            moon=name,
            took=took,
            most=most,
        )
        score.markers.append("set")


def _contract(
    options: SpadesOptions,
    score: _SideScore,
    *,
    contract: int,
    took: int,
    label: Text,
    blind: bool = False,
) -> None:
    made = took >= contract and not (blind and options.blind_exact and took != contract)
    doubled_blind = blind and options.blind_reward is _BlindReward_DOUBLE
    ten = contract >= 10
    if not made:
        score.markers.append("set")
        if options.set_penalty is _SetPenalty_SHORTFALL and took < contract:
            base = -10 * (contract - took)
            score.add(
                "set_penalty",
                base,
                N_("{label}, took {took}: set, {short} short × −10 = {points}"),
                short=contract - took,
                label=label,
                took=took,
            )
        else:
            base = -10 * contract
            score.add(
                "set_penalty",
                base,
                N_("{label}, took {took}: set, −{c} × 10 = {points}"),
                c=contract,
                label=label,
                took=took,
            )
        if doubled_blind or (blind and options.blind_set is _BlindSet_DOUBLE):
            score.add(
                "blind_reward",
                base,
                N_("Blind bid doubles the set: {points}"),
            )
        if (
            blind
            and options.blind_reward is _BlindReward_BONUS_100
            and options.blind_set is _BlindSet_PENALTY_100
        ):
            score.add("blind_set", -100, N_("Blind bid set: −100"))
        if ten and options.ten_for is _TenFor_BONUS_200:
            score.add("ten_for", -200, N_("Ten-for: {c} set, −200"), c=contract)
        if ten and options.ten_for is _TenFor_BONUS_100:
            score.add("ten_for", -100, N_("Ten-for: {c} set, −100"), c=contract)
        return

    over = took - contract
    score.markers.append("made")
    if options.small_bid_table and not blind and took == contract and contract in SMALL_BID_TABLE:
        points = SMALL_BID_TABLE[contract]
        score.add(
            "small_bid_table",
            points,
            N_("{label} made exactly: small-bid table, {points}"),
            label=label,
        )
    else:
        base = 10 * contract
        if over == 0:
            score.add(
                "contract",
                base,
                N_("{label}, took {took}: {c} × 10 = {points}"),
                label=label,
                took=took,
                c=contract,
            )
        else:
            if options.overtricks is _Overtricks_PLUS_ONE:
                forms = Nn_(
                    "{label}, took {took}: {c} × 10 + {n} overtrick = {points}",
                    "{label}, took {took}: {c} × 10 + {n} overtricks = {points}",
                )
                points = base + over
            elif options.overtricks is _Overtricks_MINUS_ONE:
                forms = Nn_(
                    "{label}, took {took}: {c} × 10 − {n} overtrick = {points}",
                    "{label}, took {took}: {c} × 10 − {n} overtricks = {points}",
                )
                points = base - over
            else:
                forms = Nn_(
                    "{label}, took {took}: {c} × 10 − {n} overtrick × 10 = {points}",
                    "{label}, took {took}: {c} × 10 − {n} overtricks × 10 = {points}",
                )
                points = base - 10 * over
            score.add_n(
                "overtricks",
                points,
                forms,
                over,
                label=label,
                took=took,
                c=contract,
            )
        if doubled_blind:
            score.add(
                "blind_reward",
                base,
                N_("Blind bid doubles the contract: {points}"),
            )
        if ten and options.ten_for is _TenFor_DOUBLE:
            score.add(
                "ten_for",
                base,
                N_("Ten for 2: {c} made, contract doubled, {points}"),
                c=contract,
            )
    score.bags += over
    if blind and options.blind_reward is _BlindReward_BONUS_100:
        score.add("blind_reward", 100, N_("Blind bid made: +100"))
    if options.exact_bid_bonus and contract > 0 and took == contract:
        bonus = options.exact_bid_bonus
        score.add("exact_bid_bonus", bonus, N_("Exact bid: {points}"))
    if options.high_bid_bonus and contract >= 7:
        bonus = 10 * (contract - 6)
        score.add(
            "high_bid_bonus",
            bonus,
            N_("High bid {c} made: {n} × 10 = {points}"),
            c=contract,
            n=contract - 6,
        )
    if ten and options.ten_for is _TenFor_BONUS_200:
        score.add("ten_for", 200, N_("Ten-for: {c} made, +200"), c=contract)
    if ten and options.ten_for is _TenFor_BONUS_100:
        score.add("ten_for", 100, N_("Ten-for: {c} made, +100"), c=contract)
    if options.ten_for is _TenFor_EXACT_10_200 and contract == 10 and took == 10:
        score.add("ten_for", 200, N_("Exactly 10 bid and taken: +200"))


def _rollover(options: SpadesOptions, before: int, bags: int) -> tuple[int, int, int]:
    """Bags before a hand plus its bags: (rollovers, bags carried, points they cost)."""
    after = before + bags
    if not options.sandbagging or not bags:
        return 0, after, 0
    limit = options.sandbag_limit
    rollovers = after // limit
    if not rollovers:
        return 0, after, 0
    penalty = options.sandbag_penalty + (limit if options.sandbag_takes_back_bags else 0)
    return rollovers, after - rollovers * limit, -penalty * rollovers


def _sandbag(options: SpadesOptions, score: _SideScore, before: int) -> int:
    """Add this hand's bags to the count; apply the rollover penalty; return bags carried."""
    rollovers, carried, points = _rollover(options, before, score.bags)
    if not options.sandbagging or not score.bags:
        return carried
    after = before + score.bags
    if not rollovers:
        score.add(
            "sandbagging",
            0,
            N_("Bags {before} + {n} = {after}"),
            before=before,
            n=score.bags,
            after=after,
        )
        return carried
    score.add(
        "sandbagging",
        points,
        N_("Bags {before} + {n} = {after} → {limit} bags cost {points}, {carried} carried")
        if rollovers == 1
        else N_(
            "Bags {before} + {n} = {after} → {times} × {limit} bags cost {points}, {carried} carried"
        ),
        before=before,
        n=score.bags,
        after=after,
        limit=options.sandbag_limit,
        times=rollovers,
        carried=carried,
    )
    score.markers.append("bagged_out")
    return carried


def start(ruleset: Ruleset, players: Sequence[str], sides: tuple[Side, ...]) -> SpadesState:
    """Return the state before the first hand."""
    zeros = tuple(0 for _ in sides)
    return SpadesState(tuple(players), sides, zeros, zeros)


def play(ruleset: Ruleset, state: SpadesState, hand: SpadesHand) -> HandResult:
    """Score one hand from `state`; raise InvalidHand when the rules forbid its bids."""
    options: SpadesOptions = ruleset.options
    scorer = scorer_for(options)
    problems = check_bids(
        options, state.sides, state.players, hand.bids, state.totals, scorer.bid_table
    )
    if problems:
        raise InvalidHand(problems[0].message, problems[0].seat)
    return scorer.play(state, hand)


def explain(options: SpadesOptions, state: SpadesState, hand: SpadesHand) -> Explanation:
    """Every side's lines for a hand played from `state`: its scoring, written out."""
    scorer = scorer_for(options)
    explained = []
    for side, before in zip(state.sides, state.bags, strict=True):
        lines, bags = scorer.written(side, state.players, hand)
        if scorer.sandbagging and bags:
            lines += scorer.rollover(before, bags)
        explained.append(lines)
    return tuple(explained)


Tally = tuple[int, int, tuple[str, ...], Text | None]  # points, bags, markers, win


class Scorer:
    """A ruleset's hand scoring made ready for replays: each side's tally of a hand, kept.

    A side's tally depends only on the options and its seats' bids and tricks, in seat
    order (not on which seats they are, nor on who sits there), so it is kept under those
    as small numbers, and a replay seldom scores a side's part twice. Two plain number
    bids are kept under their sum and the tricks taken together, as they score.
    The tallies come from `score_side` itself, run without lines."""

    __slots__ = (
        "_pooled",
        "_rollovers",
        "_score",
        "_tallies",
        "_written",
        "bid_table",
        "options",
        "sandbagging",
    )

    LIMIT = 8192  # tallies kept per ruleset (~150 bytes each); the store starts again when full
    WRITTEN = 1024  # sides' lines kept per ruleset (~1.5 KB each), likewise

    def __init__(self, options: SpadesOptions) -> None:
        self.options = options
        points_scoring = options.scoring is _Scoring_POINTS
        self._score = score_side if points_scoring else _error_side  # a side's part, either way
        self.sandbagging = points_scoring and options.sandbagging
        self._tallies: dict[tuple[int, ...], Tally] = {}
        # Number bids that score_side adds into the partnership's contract (not a nil,
        # not a moon): two of them score by their sum and the side's tricks alone, so
        # their tallies are kept under (contract, tricks). Not so for Lefty / Righty,
        # which scores each seat's own error.
        numbers = [make_bid(BidKind.NUMBER, n) for n in range(options.tricks_per_hand + 1)]
        self._pooled = frozenset(
            bid.code
            for bid in numbers
            if points_scoring and not is_nil(bid, options) and not is_whole(bid, options)
        )
        self._written: dict[tuple[int | str, ...], tuple[tuple[Line, ...], int]] = {}
        # The bag count's line, by the bags before a hand and the hand's bags: a few
        # hundred pairs at most, and a long game's hands say the same few again.
        self._rollovers: dict[tuple[int, int], tuple[Line, ...]] = {}
        self.bid_table = _bid_table(options)  # for check_bids: one lookup a hand, not two

    def play(self, state: SpadesState, hand: SpadesHand) -> HandResult:
        """Score a hand whose bids the rules allow: every side's tally, bags rolled over.

        The explanation is the same scoring done again with its lines, when somebody
        reads it (most replayed hands are never explained)."""
        bids, tricks, tallies, pooled = hand.bids, hand.tricks, self._tallies, self._pooled
        sandbagging, totals_before, bags_before = self.sandbagging, state.totals, state.bags
        points: list[int] = []
        totals: list[int] = []
        bags: list[int] = []
        markers: list[tuple[str, ...]] = []
        sudden: int | None = None
        reason: Text | None = None
        for index, side in enumerate(state.sides):
            seats = side.seats
            if len(seats) == 2:  # a partnership: _side_key, written out for speed
                a, b = seats
                first, second = bids[a], bids[b]
                if first.code in pooled and second.code in pooled:
                    key: tuple[int, ...] = (first.n + second.n, tricks[a] + tricks[b], -1)
                else:
                    key = (first.code, tricks[a], second.code, tricks[b])
            else:
                key = _side_key(seats, hand)
            tally = tallies.get(key) or self._tally(key, side, state, hand)
            side_points, side_bags, side_markers, wins_game = tally
            before = bags_before[index]
            if sandbagging and side_bags:
                rollovers, carried, cost = _rollover(self.options, before, side_bags)
                if rollovers:
                    side_points += cost
                    side_markers = (*side_markers, "bagged_out")
            else:
                carried = before + side_bags
            points.append(side_points)
            totals.append(totals_before[index] + side_points)
            bags.append(carried)
            markers.append(side_markers)
            if wins_game is not None and sudden is None:
                sudden, reason = index, wins_game
        totals_after, bags_after = tuple(totals), tuple(bags)
        return HandResult(
            tuple(points),
            totals_after,
            bags_after,
            partial(explain, self.options, state, hand),
            tuple(markers),
            SpadesState(
                state.players,
                state.sides,
                totals_after,
                bags_after,
                state.hands + 1,
                sudden,
                reason,
            ),
        )

    def written(
        self, side: Side, players: Sequence[str], hand: SpadesHand
    ) -> tuple[tuple[Line, ...], int]:
        """A side's lines for a hand before any bag rollover, and its bags. Kept like the
        tallies, with the names of the side's players (the lines name a nil's bidder)."""
        names = tuple(players[seat] for seat in side.seats)
        key: tuple[int | str, ...] = _side_key(side.seats, hand) + names
        written = self._written.get(key)
        if written is None:
            score = self._score(self.options, side, players, hand)
            written = score.lines(), score.bags
            if len(self._written) >= self.WRITTEN:
                self._written.clear()
            self._written[key] = written
        return written

    def rollover(self, before: int, bags: int) -> tuple[Line, ...]:
        """The line that counts a side's bags after a hand (`before` + `bags`), and any
        rollover's penalty: `_sandbag` written out, kept per pair."""
        lines = self._rollovers.get((before, bags))
        if lines is None:
            score = _SideScore()
            score.bags = bags
            _sandbag(self.options, score, before)
            lines = score.lines()
            if len(self._rollovers) >= self.WRITTEN:
                self._rollovers.clear()
            self._rollovers[before, bags] = lines
        return lines

    def _tally(
        self, key: tuple[int, ...], side: Side, state: SpadesState, hand: SpadesHand
    ) -> Tally:
        """Score a side's part of a hand (without lines) and keep its tally under `key`."""
        score = self._score(self.options, side, state.players, hand, _Tally())
        tally = (score.points, score.bags, tuple(score.markers), score.wins_game)
        if len(self._tallies) >= self.LIMIT:
            self._tallies.clear()
        self._tallies[key] = tally
        return tally


def _side_key(seats: Sequence[int], hand: SpadesHand) -> tuple[int, ...]:
    """A side's part of a hand as small numbers: each seat's bid code and tricks, in order."""
    key: tuple[int, ...] = ()
    for seat in seats:
        key += (hand.bids[seat].code, hand.tricks[seat])
    return key


scorer_for = PerOptions(Scorer)


def _error_side(
    options: SpadesOptions,
    side: Side,
    players: Sequence[str],
    hand: SpadesHand,
    score: _SideScore | None = None,
) -> _SideScore:
    """Lefty / Righty: the error |bid − tricks| is the score (nil counts as 0)."""
    if score is None:
        score = _SideScore()
    for seat in side.seats:
        bid = 0 if is_nil(hand.bids[seat], options) else hand.bids[seat].n
        took = hand.tricks[seat]
        error = abs(bid - took)
        score.add(
            "scoring",
            error,
            N_("Bid {bid}, took {took}: error {error}"),
            bid=bid,
            took=took,
            error=error,
        )
        score.bags += max(0, took - bid)
    return score


def outcome(ruleset: Ruleset, state: SpadesState) -> Outcome:
    """Apply the end-of-game rules to the state after the last hand."""
    options: SpadesOptions = ruleset.options
    totals, sides = state.totals, state.sides
    if options.scoring is _Scoring_ERROR:
        if state.hands < options.hands_per_game:
            return Outcome(False)
        return decide(
            totals,
            sides,
            range(len(sides)),
            lowest=True,
            why=lambda best: text(
                N_("lowest accumulated error ({best}) after {n} hands"), best=best, n=state.hands
            ),
        )
    if state.sudden_winner is not None:
        return Outcome(True, state.sudden_winner, state.sudden_reason)
    if state.hands == 0:
        return NOT_OVER
    if (
        max(totals) < options.target
        and not options.margin
        and not options.window_200
        and not options.losing_score
    ):
        return NOT_OVER  # what most hands end with, said without the reasons below
    if options.losing_score and min(totals) <= options.losing_limit:
        return decide(
            totals,
            sides,
            range(len(sides)),
            lowest=False,
            why=lambda best: text(
                N_("a side fell to {limit} or below; the highest total ({best}) wins"),
                limit=options.losing_limit,
                best=best,
            ),
        )
    reasons: dict[int, Text] = {}
    for index, total in enumerate(totals):
        lead = total - max((t for i, t in enumerate(totals) if i != index), default=0)
        if total >= options.target:
            reasons[index] = text(
                N_("reached the target of {target} with {total}"),
                target=options.target,
                total=total,
            )
        elif options.margin and lead >= options.margin:
            reasons[index] = text(
                N_("leads by {lead}, at least the winning lead of {margin}"),
                lead=lead,
                margin=options.margin,
            )
        elif options.window_200 and 200 <= total <= 205:
            reasons[index] = text(
                N_("finished a hand on {total}, inside the 200–205 window"), total=total
            )
    if not reasons:
        return NOT_OVER
    return decide(
        totals,
        sides,
        list(reasons),
        lowest=False,
        why=lambda best: reasons[next(i for i in reasons if totals[i] == best)],
    )

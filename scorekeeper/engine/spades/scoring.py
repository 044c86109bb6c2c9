"""Scoring one Spades hand for every side, and deciding the end of the game.

Each side's score is built as explanation lines that add up to its points, so what the
table reads is exactly what was added. RULES.md §1.4 pins the interpretations used here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import NamedTuple

from ..errors import InvalidHand
from ..hand import Body
from ..kinds import Shape
from ..outcome import decide
from ..text import N_, Nn_, Part, Text, shown, signed, text
from ..types import Explanation, HandResult, Line, Need, Outcome, Side
from .bids import (
    NIL_KINDS,
    Bid,
    BidFormError,
    BidKind,
    bid_words,
    check_bids,
    is_nil,
    is_summed_moon,
    is_whole,
    parse_bid,
)
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
from .state import SpadesHand, SpadesState

SMALL_BID_TABLE = {2: 40, 1: 60, 0: 100}
NOT_OVER = Outcome(False)


class _SideScore:
    """One side's hand score as it is worked out: the points, and what each line of the
    explanation will say. The lines are written down as data (rule, points, template,
    parameters) and built only when somebody reads them; the points are the sum of
    exactly those lines. A line's "{points}" is its own points, signed."""

    __slots__ = ("bags", "markers", "notes", "points", "wins_game")

    def __init__(self) -> None:
        self.notes: list[tuple[str, int, str, dict[str, object], str | None]] = []
        self.points = 0
        self.bags = 0
        self.markers: list[str] = []
        self.wins_game: Text | None = None

    def add(self, rule: str, points: int, template: str, /, **params: object) -> None:
        """Add a line of `points` (0 for a line that only says something)."""
        self.notes.append((rule, points, template, params, None))
        self.points += points

    def add_n(
        self, rule: str, points: int, forms: tuple[str, str], n: int, /, **params: object
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


# Per kind of nil: the option that scores it, its name, and its markers made and failed.
_NIL_RULES = {
    kind: (rule, Text(name), f"{kind.value}_made", f"{kind.value}_failed")
    for kind, rule, name in (
        (BidKind.NIL, "nil_points", N_("nil")),
        (BidKind.BLIND_NIL, "blind_nil_points", N_("blind nil")),
        (BidKind.DOUBLE_BLIND_NIL, "double_blind_nil_points", N_("double blind nil")),
    )
}


def _nil_points(options: SpadesOptions, kind: BidKind) -> tuple[int, int]:
    if kind is BidKind.BLIND_NIL:
        return options.blind_nil_points, options.blind_nil_fail_points
    if kind is BidKind.DOUBLE_BLIND_NIL:
        return options.double_blind_nil_points, options.double_blind_nil_points
    return options.nil_points, options.nil_points


def _contract_label(contract: int) -> Text:
    """A contract's name as its lines write it ("Contract 7")."""
    return Text(N_("Contract {c}"), {"c": contract})


_NO_CONTRACT = Text(N_("No contract (nil)"))


def whole_contract(
    options: SpadesOptions, bids: Sequence[Bid], seats: Sequence[int]
) -> Bid | None:
    """The bid that is the side's whole contract, if any: a blind N or a moon (the first)."""
    for seat in seats:
        if is_whole(bids[seat], options):
            return bids[seat]
    return None


class _Seats(NamedTuple):
    """What a side's seats bid and took, as its contract counts them."""

    contract: int  # the number bids added up
    counted: int  # the tricks that count toward the contract
    bidders: int  # the seats in the contract (not a nil)
    nil_tricks: int  # the tricks the side's failed nils took


def score_side(
    options: SpadesOptions, side: Side, players: Sequence[str], hand: SpadesHand
) -> _SideScore:
    """Score one side's hand, explained line by line, bags before any sandbag rollover."""
    score = _SideScore()
    whole = whole_contract(options, hand.bids, side.seats) or _summed_moon(
        options, score, [hand.bids[seat] for seat in side.seats]
    )
    seats = _score_nils(options, score, side, players, hand, whole)
    counted = seats.counted + _failed_nil_tricks(options, score, seats)
    if not seats.bidders:
        # Every seat of the side bid nil: a 0 contract, any tricks counted are overtricks.
        if options.failed_nil_tricks is FailedNilTricks.COUNT_FOR_TEAM and seats.nil_tricks:
            _contract(options, score, contract=0, took=seats.nil_tricks, label=_NO_CONTRACT)
    elif whole is not None:
        _whole_contract(options, score, whole, counted)
    else:
        label = _contract_label(seats.contract)
        _contract(options, score, contract=seats.contract, took=counted, label=label)
    _all_tricks(options, score, sum(hand.tricks[seat] for seat in side.seats))
    return score


_MOON = Bid(BidKind.MOON)


def _summed_moon(options: SpadesOptions, score: _SideScore, bids: Sequence[Bid]) -> Bid | None:
    """Partners' bids adding up to every trick, where that is a moon: say so, and return
    the moon they make together."""
    if not is_summed_moon(bids, options):
        return None
    score.add(
        "thirteen_is_moon",
        0,
        N_("Partners' bids {bids} make {most}: a moon"),
        bids=" + ".join(str(bid.n) for bid in bids),
        most=options.tricks_per_hand,
    )
    return _MOON


def _score_nils(
    options: SpadesOptions,
    score: _SideScore,
    side: Side,
    players: Sequence[str],
    hand: SpadesHand,
    whole: Bid | None,
) -> _Seats:
    """Score each nil of the side (made or failed) and count the other seats' bids."""
    # Beside a blind bid or a moon the partner's 0 means "no bid", even where 0 is nil.
    zero_is_nil = options.zero_is_nil and whole is None
    nil_tricks = contract = counted = bidders = 0
    for seat in side.seats:
        bid, took = hand.bids[seat], hand.tricks[seat]
        kind = bid.kind
        if kind is BidKind.NUMBER and not (zero_is_nil and bid.n == 0):
            contract, counted, bidders = contract + bid.n, counted + took, bidders + 1
            continue
        if kind not in NIL_KINDS:
            if kind is not BidKind.NUMBER:  # the blind N or moon itself
                counted, bidders = counted + took, bidders + 1
                continue
            kind = BidKind.NIL  # a 0 scored as a nil
        nil_tricks += took
        _score_nil(options, score, kind, players[seat], took)
    return _Seats(contract, counted, bidders, nil_tricks)


def _score_nil(
    options: SpadesOptions, score: _SideScore, kind: BidKind, player: str, took: int
) -> None:
    rule, name, made, failed = _NIL_RULES[kind]
    made_points, failed_points = _nil_points(options, kind)
    if took == 0:
        score.add(rule, made_points, N_("{player}: {nil} made, {points}"), player=player, nil=name)
        score.markers.append(made)  # "blind_nil_made", …
        return
    score.add_n(
        rule,
        -failed_points,
        Nn_(
            "{player}: {nil} failed ({n} trick), {points}",
            "{player}: {nil} failed ({n} tricks), {points}",
        ),
        took,
        player=player,
        nil=name,
    )
    score.markers.append(failed)


# A failed nil's tricks that never help the partner: (a bag each?, points each, words).
_FAILED_NIL_TRICKS = {
    FailedNilTricks.BAGS_ONLY: (
        1,
        0,
        Nn_(
            "{n} trick of the failed nil: a bag only, no points",
            "{n} tricks of the failed nil: bags only, no points",
        ),
    ),
    FailedNilTricks.BAGS_AND_POINTS: (
        1,
        1,
        Nn_(
            "{n} trick of the failed nil: a bag and {points}",
            "{n} tricks of the failed nil: bags, +1 each = {points}",
        ),
    ),
    FailedNilTricks.NOTHING: (
        0,
        0,
        Nn_(
            "{n} trick of the failed nil counts for nothing",
            "{n} tricks of the failed nil count for nothing",
        ),
    ),
}


def _failed_nil_tricks(options: SpadesOptions, score: _SideScore, seats: _Seats) -> int:
    """What a failed nil's tricks do (bags, points, nothing, or toward the partner's
    contract); return how many count toward the contract."""
    took = seats.nil_tricks
    if not took:
        return 0
    if options.failed_nil_tricks in _FAILED_NIL_TRICKS:
        bag, each, forms = _FAILED_NIL_TRICKS[options.failed_nil_tricks]
        score.bags += bag * took
        score.add_n("failed_nil_tricks", each * took, forms, took)
        return 0
    if not seats.bidders:
        return 0
    score.add_n(
        "failed_nil_tricks",
        0,
        Nn_(
            "{n} trick of the failed nil counts toward the contract",
            "{n} tricks of the failed nil count toward the contract",
        ),
        took,
    )
    return took


def _all_tricks(options: SpadesOptions, score: _SideScore, side_took: int) -> None:
    if side_took != options.tricks_per_hand or options.all_tricks is AllTricks.NONE:
        return
    score.markers.append("all_tricks")
    if options.all_tricks is AllTricks.BONUS_200:
        score.add("all_tricks", 200, N_("All {n} tricks: +200"), n=side_took)
    else:
        score.wins_game = text(N_("took all {n} tricks, which wins the game"), n=side_took)
        score.add("all_tricks", 0, N_("All {n} tricks: wins the game"), n=side_took)


def _whole_contract(options: SpadesOptions, score: _SideScore, bid: Bid, took: int) -> None:
    most = options.tricks_per_hand
    if bid.kind is BidKind.BLIND:
        _contract(
            options,
            score,
            contract=bid.n,
            took=took,
            label=Text(N_("Blind {c}"), {"c": bid.n}),
            blind=True,
        )
        return
    blind = bid.kind is BidKind.BLIND_MOON
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
    """A side's contract (or a blind N): made or set, with every bonus the rules add."""
    made = took >= contract and not (blind and options.blind_exact and took != contract)
    if made:
        _made(options, score, contract, took, label, blind)
    else:
        _set(options, score, contract, took, label, blind)


def _set(
    options: SpadesOptions, score: _SideScore, contract: int, took: int, label: Text, blind: bool
) -> None:
    score.markers.append("set")
    if options.set_penalty is SetPenalty.SHORTFALL and took < contract:
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
    if blind and (
        options.blind_reward is BlindReward.DOUBLE or options.blind_set is BlindSet.DOUBLE
    ):
        score.add("blind_reward", base, N_("Blind bid doubles the set: {points}"))
    if (
        blind
        and options.blind_reward is BlindReward.BONUS_100
        and options.blind_set is BlindSet.PENALTY_100
    ):
        score.add("blind_set", -100, N_("Blind bid set: −100"))
    if contract >= 10 and options.ten_for in _TEN_FOR:
        points, _made_words, set_words = _TEN_FOR[options.ten_for]
        score.add("ten_for", -points, set_words, c=contract)


# Ten-for as a bonus: made, the side adds it; set, it loses it.
_TEN_FOR = {
    TenFor.BONUS_200: (200, N_("Ten-for: {c} made, +200"), N_("Ten-for: {c} set, −200")),
    TenFor.BONUS_100: (100, N_("Ten-for: {c} made, +100"), N_("Ten-for: {c} set, −100")),
}

# How an overtrick scores beside the contract's 10 a trick: its points, and its words.
_OVERTRICKS = {
    Overtricks.PLUS_ONE: (
        1,
        Nn_(
            "{label}, took {took}: {c} × 10 + {n} overtrick = {points}",
            "{label}, took {took}: {c} × 10 + {n} overtricks = {points}",
        ),
    ),
    Overtricks.ZERO: (
        0,
        Nn_(
            "{label}, took {took}: {c} × 10, {n} overtrick worth nothing = {points}",
            "{label}, took {took}: {c} × 10, {n} overtricks worth nothing = {points}",
        ),
    ),
    Overtricks.MINUS_ONE: (
        -1,
        Nn_(
            "{label}, took {took}: {c} × 10 − {n} overtrick = {points}",
            "{label}, took {took}: {c} × 10 − {n} overtricks = {points}",
        ),
    ),
}
_OVERTRICKS_MINUS_TEN = (
    -10,
    Nn_(
        "{label}, took {took}: {c} × 10 − {n} overtrick × 10 = {points}",
        "{label}, took {took}: {c} × 10 − {n} overtricks × 10 = {points}",
    ),
)


def _made(
    options: SpadesOptions, score: _SideScore, contract: int, took: int, label: Text, blind: bool
) -> None:
    over = took - contract
    base = 10 * contract
    score.markers.append("made")
    if options.small_bid_table and not blind and took == contract and contract in SMALL_BID_TABLE:
        score.add(
            "small_bid_table",
            SMALL_BID_TABLE[contract],
            N_("{label} made exactly: small-bid table, {points}"),
            label=label,
        )
    else:
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
            each, forms = _OVERTRICKS.get(options.overtricks, _OVERTRICKS_MINUS_TEN)
            points = base + each * over
            score.add_n("overtricks", points, forms, over, label=label, took=took, c=contract)
        if blind and options.blind_reward is BlindReward.DOUBLE:
            score.add("blind_reward", base, N_("Blind bid doubles the contract: {points}"))
        if contract >= 10 and options.ten_for is TenFor.DOUBLE:
            score.add(
                "ten_for", base, N_("Ten for 2: {c} made, contract doubled, {points}"), c=contract
            )
    score.bags += over
    _made_bonuses(options, score, contract, took, blind)


def _made_bonuses(
    options: SpadesOptions, score: _SideScore, contract: int, took: int, blind: bool
) -> None:
    if blind and options.blind_reward is BlindReward.BONUS_100:
        score.add("blind_reward", 100, N_("Blind bid made: +100"))
    if options.exact_bid_bonus and contract > 0 and took == contract:
        score.add("exact_bid_bonus", options.exact_bid_bonus, N_("Exact bid: {points}"))
    if options.high_bid_bonus and contract >= 7:
        score.add(
            "high_bid_bonus",
            10 * (contract - 6),
            N_("High bid {c} made: {n} × 10 = {points}"),
            c=contract,
            n=contract - 6,
        )
    if contract >= 10 and options.ten_for in _TEN_FOR:
        points, made_words, _set_words = _TEN_FOR[options.ten_for]
        score.add("ten_for", points, made_words, c=contract)
    if options.ten_for is TenFor.EXACT_10_200 and contract == 10 and took == 10:
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


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_hand(raw: object, options: SpadesOptions) -> SpadesHand:
    """Read a hand's bids and tricks, checking their form and that the tricks add up."""
    if not isinstance(raw, dict) or "bids" not in raw or "tricks" not in raw:
        raise InvalidHand(text(N_("a Spades hand needs 'bids' and 'tricks'")))
    raw_bids, raw_tricks = raw["bids"], raw["tricks"]
    seats = options.players
    most = options.tricks_per_hand
    for name, values in (("bids", raw_bids), ("tricks", raw_tricks)):
        if not isinstance(values, list) or len(values) != seats:
            raise InvalidHand(
                text(
                    N_("'{name}' needs one entry for each of the {seats} seats"),
                    name=name,
                    seats=seats,
                )
            )
    bids = []
    for seat, raw_bid in enumerate(raw_bids):
        try:
            bids.append(parse_bid(raw_bid, most))
        except BidFormError as error:
            raise InvalidHand(
                text(N_("seat {seat}: {why}"), seat=seat + 1, why=error.message), seat
            ) from None
    for seat, took in enumerate(raw_tricks):
        if not is_int(took) or not 0 <= took <= most:
            raise InvalidHand(
                text(
                    N_("seat {seat}: tricks {took} must be a whole number 0–{most}"),
                    seat=seat + 1,
                    took=shown(took),
                    most=most,
                ),
                seat,
            )
    total = sum(raw_tricks)
    if total != most:
        raise InvalidHand(
            text(N_("tricks add up to {total}, expected {most}"), total=total, most=most)
        )
    return SpadesHand(tuple(bids), tuple(raw_tricks))


def hand_to_json(hand: SpadesHand) -> dict[str, object]:
    """Write a hand in its game-file form."""
    return {"bids": [bid.to_json() for bid in hand.bids], "tricks": list(hand.tricks)}


def hand_words(body: Body, players: Sequence[str]) -> list[Part]:
    """Each seat's bid and tricks: ("Ann", "bid nil, took 1")."""
    return [
        (
            name,
            text(
                N_("bid {bid}, took {tricks}"),
                bid=bid_words(body["bids"][seat]),
                tricks=shown(body["tricks"][seat]),
            ),
        )
        for seat, name in enumerate(players)
    ]


def needs(options: SpadesOptions, state: SpadesState) -> list[Need]:
    """What each side needs before the next hand (asked before a hand, never while
    scoring: its module is imported only then)."""
    from .guidance import needs

    return needs(options, state)


def shape(options: SpadesOptions) -> Shape:
    """Four in partnerships, or each for themselves; 13 tricks, 17 for three."""
    return Shape(options.players, options.partnership, options.tricks_per_hand)


def start(options: SpadesOptions, players: Sequence[str]) -> SpadesState:
    """The state before the first hand: the sides of the table, nothing scored."""
    sides = shape(options).sides(players)
    zeros = tuple(0 for _ in sides)
    return SpadesState(tuple(players), sides, zeros, zeros)


def play(options: SpadesOptions, state: SpadesState, hand: SpadesHand) -> HandResult:
    """Score one hand from `state`; raise InvalidHand when the rules forbid its bids."""
    problems = check_bids(options, state.sides, state.players, hand.bids, state.totals)
    if problems:
        raise InvalidHand(problems[0].message, problems[0].seat)
    scores, bags = _score_sides(options, state, hand)
    sudden = next((i for i, score in enumerate(scores) if score.wins_game is not None), None)
    reason = scores[sudden].wins_game if sudden is not None else None
    points = tuple(score.points for score in scores)
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    return HandResult(
        points,
        totals,
        bags,
        # Written out again when somebody reads it: a kept result holds no lines.
        partial(explain, options, state, hand),
        tuple(tuple(score.markers) for score in scores),
        SpadesState(state.players, state.sides, totals, bags, state.hands + 1, sudden, reason),
    )


def _score_sides(
    options: SpadesOptions, state: SpadesState, hand: SpadesHand
) -> tuple[list[_SideScore], tuple[int, ...]]:
    """Every side's score of a hand, bags rolled over; and the bags each side carries."""
    score_part = score_side if options.scoring is Scoring.POINTS else _error_side
    sandbagging = options.scoring is Scoring.POINTS and options.sandbagging
    scores, bags = [], []
    for side, before in zip(state.sides, state.bags, strict=True):
        score = score_part(options, side, state.players, hand)
        bags.append(_sandbag(options, score, before) if sandbagging else before + score.bags)
        scores.append(score)
    return scores, tuple(bags)


def explain(options: SpadesOptions, state: SpadesState, hand: SpadesHand) -> Explanation:
    """Every side's lines for a hand played from `state`: its scoring, written out."""
    return tuple(score.lines() for score in _score_sides(options, state, hand)[0])


def _error_side(
    options: SpadesOptions, side: Side, players: Sequence[str], hand: SpadesHand
) -> _SideScore:
    """Lefty / Righty: the error |bid − tricks| is the score (nil counts as 0)."""
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


def outcome(options: SpadesOptions, state: SpadesState) -> Outcome:
    """Apply the end-of-game rules to the state after the last hand."""
    totals, sides = state.totals, state.sides
    if options.scoring is Scoring.ERROR:
        return _error_outcome(options, state)
    if state.sudden_winner is not None:
        return Outcome(True, state.sudden_winner, state.sudden_reason)
    if state.hands == 0:
        return NOT_OVER
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
    reasons = _winning_reasons(options, totals)
    if not reasons:
        return NOT_OVER
    return decide(
        totals,
        sides,
        list(reasons),
        lowest=False,
        why=lambda best: reasons[next(i for i in reasons if totals[i] == best)],
    )


def _error_outcome(options: SpadesOptions, state: SpadesState) -> Outcome:
    """Lefty / Righty: after the hands of a game, the lowest accumulated error wins."""
    if state.hands < options.hands_per_game:
        return NOT_OVER
    return decide(
        state.totals,
        state.sides,
        range(len(state.sides)),
        lowest=True,
        why=lambda best: text(
            N_("lowest accumulated error ({best}) after {n} hands"), best=best, n=state.hands
        ),
    )


def _winning_reasons(options: SpadesOptions, totals: Sequence[int]) -> dict[int, Text]:
    """Each side whose total ends the game, and why: the target, a winning lead, or a
    hand finished inside the 200–205 window."""
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
    return reasons

"""Spades options in plain words, grouped as a rule sheet shows them."""

from __future__ import annotations

from enum import Enum

from ..rulesheet import Answer, Group, Sheet, grouped
from ..text import N_, Text, number, text
from .options import (
    AllTricks,
    BlindReward,
    Contract,
    FailedNilTricks,
    Overtricks,
    Scoring,
    SetPenalty,
    SpadesOptions,
    TenFor,
)


def _yes_no(value: bool, _: SpadesOptions) -> Text:
    return text(N_("yes")) if value else text(N_("no"))


def _points(value: int, _: SpadesOptions) -> Text:
    return text(N_("{n} points"), n=value)


def _number(value: int, _: SpadesOptions) -> Text:
    return text(N_("{n}"), n=number(value))  # a true minus: −200


def _behind(value: int, _: SpadesOptions) -> Text:
    return (
        text(N_("at any score"))
        if value == 0
        else text(N_("only when {n} or more behind"), n=value)
    )


def _cards(value: int, _: SpadesOptions) -> Text:
    return (
        text(N_("no exchange")) if value == 0 else text(N_("{n} cards with the partner"), n=value)
    )


class _Choice:
    """Words for each value of an enum option (also offered as a form's choices)."""

    def __init__(self, words: dict[str, str]) -> None:
        self.words = words

    def __call__(self, value: Enum, _: SpadesOptions) -> Text:
        return text(self.words[value.value])


def _choice(words: dict[str, str]) -> _Choice:
    return _Choice(words)


# option -> (group, label, words); the order here is the order on the sheet.
SHEET: Sheet = {
    "players": (N_("Table and deck"), N_("Number of players"), _number),
    "partnership": (
        N_("Table and deck"),
        N_("Partnerships"),
        lambda v, o: (
            text(N_("partners sit opposite (seats 1 & 3 against 2 & 4)"))
            if v
            else text(N_("none — every player scores alone (cutthroat)"))
        ),
    ),
    "tricks_per_hand": (N_("Table and deck"), N_("Tricks per hand"), _number),
    "jokers": (
        N_("Table and deck"),
        N_("Jokers"),
        _choice(
            {
                "none": N_("none; a standard 52-card deck"),
                "remove_2c_2h": N_("Big and Little Joker added; 2♣ and 2♥ removed"),
                "remove_2d_2h": N_("Big and Little Joker added; 2♦ and 2♥ removed"),
            }
        ),
    ),
    "trump_order": (
        N_("Table and deck"),
        N_("Trumps, high to low"),
        _choice(
            {
                "standard": N_("A♠ K♠ Q♠ … 2♠"),
                "jokers": N_("Big Joker, Little Joker, A♠ K♠ … 2♠"),
                "jokers_deuce": N_("Big Joker, Little Joker, 2♠, A♠ K♠ … 3♠"),
            }
        ),
    ),
    "first_lead": (
        N_("Play"),
        N_("First lead"),
        _choice(
            {
                "dealer_left": N_("the player left of the dealer"),
                "two_of_clubs": N_("the holder of 2♣ leads it"),
                "lowest_club_all": N_("everybody plays their lowest club to the first trick"),
                "highest_bidder": N_("the highest bidder"),
            }
        ),
    ),
    "spades_lead": (
        N_("Play"),
        N_("Leading spades"),
        _choice(
            {
                "broken": N_(
                    "only once a spade has been played (or the leader holds only spades)"
                ),
                "anytime": N_("at any time"),
            }
        ),
    ),
    "play_constraint": (
        N_("Play"),
        N_("Which card to play"),
        _choice(
            {
                "none": N_("any legal card"),
                "leftmost": N_("always the leftmost legal card of the sorted hand (Lefty)"),
                "rightmost": N_("always the rightmost legal card of the sorted hand (Righty)"),
            }
        ),
    ),
    "contract": (
        N_("Contract"),
        N_("Partnership contract"),
        _choice(
            {
                "sum": N_("each player bids; the contract is the sum of the partners' bids"),
                "team_total": N_(
                    "the later partner states the team's total (at least the partner's bid); "
                    "a team may contract 0, which is not nil"
                ),
            }
        ),
    ),
    "set_penalty": (
        N_("Contract"),
        N_("Contract set"),
        _choice({"bid": N_("−10 × the contract"), "shortfall": N_("−10 × each missing trick")}),
    ),
    "overtricks": (
        N_("Contract"),
        N_("Each overtrick"),
        _choice(
            {
                "plus_one": N_("+1 point, and it is a bag"),
                "zero": N_("worth nothing, but still a bag"),
                "minus_one": N_("−1 point"),
                "minus_ten": N_("−10 points"),
            }
        ),
    ),
    "exact_bid_bonus": (
        N_("Contract"),
        N_("Making the contract exactly"),
        lambda v, o: text(N_("+{n} points"), n=v) if v else text(N_("no bonus")),
    ),
    "high_bid_bonus": (
        N_("Contract"),
        N_("High bids (7+) made"),
        lambda v, o: text(N_("+10 per contracted trick above 6")) if v else text(N_("no bonus")),
    ),
    "small_bid_table": (
        N_("Contract"),
        N_("Small contracts made exactly"),
        lambda v, o: (
            text(N_("2 = 40, 1 = 60, 0 = 100 instead of the normal score"))
            if v
            else text(N_("normal score"))
        ),
    ),
    "ten_for": (
        N_("Contract"),
        N_("Contracts of 10 or more"),
        _choice(
            {
                "none": N_("no special score"),
                "bonus_200": N_("+200 when made, −200 when set"),
                "exact_10_200": N_("+200 for exactly 10 bid and taken"),
                "double": N_("contract points doubled when made (ten for two)"),
                "bonus_100": N_("+100 when made, −100 when set"),
            }
        ),
    ),
    "all_tricks": (
        N_("Contract"),
        N_("One side takes every trick"),
        _choice(
            {
                "none": N_("nothing special"),
                "bonus_200": N_("+200"),
                "wins_game": N_("that side wins the game"),
            }
        ),
    ),
    "sandbagging": (
        N_("Bags"),
        N_("Sandbag penalty"),
        lambda v, o: (
            text(
                N_(
                    "every time a side's bags reach {limit}: −{penalty}, and {limit} bags are taken off"
                ),
                limit=o.sandbag_limit,
                penalty=o.sandbag_penalty + (o.sandbag_limit if o.sandbag_takes_back_bags else 0),
            )
            if v
            else text(N_("none; bags are only counted"))
        ),
    ),
    "sandbag_limit": (N_("Bags"), N_("Bags that cost the penalty"), _number),
    "sandbag_penalty": (N_("Bags"), N_("Penalty per rollover"), _points),
    "sandbag_takes_back_bags": (
        N_("Bags"),
        N_("The bags' own points taken back too"),
        _yes_no,
    ),
    "nil": (
        N_("Nil family"),
        N_("Nil (take no trick)"),
        lambda v, o: text(N_("allowed")) if v else text(N_("not allowed")),
    ),
    "nil_points": (
        N_("Nil family"),
        N_("Nil made / failed"),
        lambda v, o: text(N_("+{n} / −{n}"), n=v),
    ),
    "nil_exchange": (N_("Nil family"), N_("Card exchange for nil"), _cards),
    "zero_is_nil": (
        N_("Nil family"),
        N_("A bid of 0"),
        lambda v, o: text(N_("is a nil")) if v else text(N_("is a plain 0, not nil")),
    ),
    "blind_nil": (
        N_("Nil family"),
        N_("Blind nil (ダブルニル: nil before looking)"),
        lambda v, o: text(N_("allowed")) if v else text(N_("not allowed")),
    ),
    "blind_nil_behind": (N_("Nil family"), N_("Blind nil may be bid"), _behind),
    "blind_nil_points": (
        N_("Nil family"),
        N_("Blind nil made"),
        lambda v, o: text(N_("+{n}"), n=v),
    ),
    "blind_nil_fail_points": (
        N_("Nil family"),
        N_("Blind nil failed"),
        lambda v, o: text(N_("−{n}"), n=v),
    ),
    "blind_nil_exchange": (N_("Nil family"), N_("Card exchange for blind nil"), _cards),
    "double_blind_nil": (
        N_("Nil family"),
        N_("Double blind nil (never look; play from the top)"),
        lambda v, o: text(N_("allowed")) if v else text(N_("not allowed")),
    ),
    "double_blind_nil_points": (
        N_("Nil family"),
        N_("Double blind nil made / failed"),
        lambda v, o: text(N_("+{n} / −{n}"), n=v),
    ),
    "double_blind_nil_behind": (N_("Nil family"), N_("Double blind nil may be bid"), _behind),
    "failed_nil_tricks": (
        N_("Nil family"),
        N_("A failed nil's tricks"),
        _choice(
            {
                "count_for_team": N_("count toward the partner's contract, and as bags"),
                "bags_only": N_("are bags only: no points, no help to the partner's contract"),
                "bags_and_points": N_(
                    "are overtricks of their own: +1 and a bag each, no help to the partner's contract"
                ),
                "nothing": N_("count for nothing: no points, no bags, no help to the partner"),
            }
        ),
    ),
    "min_bid": (
        N_("Nil family"),
        N_("Minimum bid"),
        lambda v, o: (
            text(N_("none"))
            if not v
            else text(N_("the partnership bids at least {n}, even beside a nil"), n=v)
            if o.partnership
            else text(N_("each numeric bid is at least {n} (nil is exempt)"), n=v)
        ),
    ),
    "suicide": (
        N_("Nil family"),
        N_("Suicide"),
        lambda v, o: (
            text(N_("each partnership must include at least one nil every hand"))
            if v
            else text(N_("no"))
        ),
    ),
    "roulette": (
        N_("Nil family"),
        N_("Roulette"),
        lambda v, o: text(N_("everybody bids blind nil every hand")) if v else text(N_("no")),
    ),
    "mirror": (
        N_("Nil family"),
        N_("Mirror"),
        lambda v, o: (
            text(
                N_("everyone bids their number of spades; the bids total {n}"), n=o.tricks_per_hand
            )
            if v
            else text(N_("no"))
        ),
    ),
    "blind_bids": (
        N_("Blind bids and moon"),
        N_("Blind bids (blind N before looking)"),
        lambda v, o: text(N_("allowed")) if v else text(N_("not allowed")),
    ),
    "blind_min": (N_("Blind bids and moon"), N_("Smallest blind bid"), _number),
    "blind_behind": (N_("Blind bids and moon"), N_("Blind bids may be made"), _behind),
    "blind_reward": (
        N_("Blind bids and moon"),
        N_("Blind bid made"),
        _choice(
            {
                "double": N_("contract points doubled (set doubled too)"),
                "bonus_100": N_("+100 on top"),
            }
        ),
    ),
    "blind_set": (
        N_("Blind bids and moon"),
        N_("Blind bid set (with the +100 reward)"),
        _choice(
            {
                "normal": N_("the normal set score"),
                "double": N_("the set score doubled"),
                "penalty_100": N_("the normal set score and −100"),
            }
        ),
    ),
    "blind_exact": (
        N_("Blind bids and moon"),
        N_("Blind bid needs exactly N tricks"),
        _yes_no,
    ),
    "moon": (
        N_("Blind bids and moon"),
        N_("Moon (bid every trick)"),
        lambda v, o: text(N_("allowed")) if v else text(N_("not allowed")),
    ),
    "moon_points": (
        N_("Blind bids and moon"),
        N_("Moon made / set"),
        lambda v, o: text(N_("+{n} / −{n}, no normal score"), n=v),
    ),
    "thirteen_is_moon": (
        N_("Blind bids and moon"),
        N_("A bid of every trick is a moon"),
        lambda v, o: (
            text(N_("yes, and so are partners' bids adding up to {n}"), n=o.tricks_per_hand)
            if v and o.partnership and o.contract is Contract.SUM
            else _yes_no(v, o)
        ),
    ),
    "blind_moon": (
        N_("Blind bids and moon"),
        N_("Blind moon"),
        lambda v, o: text(N_("allowed")) if v else text(N_("not allowed")),
    ),
    "blind_moon_points": (
        N_("Blind bids and moon"),
        N_("Blind moon made / set"),
        lambda v, o: text(N_("+{n} / −{n}"), n=v),
    ),
    "blind_moon_behind": (N_("Blind bids and moon"), N_("Blind moon may be bid"), _behind),
    "scoring": (
        N_("End of game"),
        N_("Winner decided by"),
        _choice(
            {
                "points": N_("points: highest total"),
                "error": N_("error: lowest accumulated |bid − tricks|"),
            }
        ),
    ),
    "target": (
        N_("End of game"),
        N_("Target"),
        lambda v, o: text(
            N_(
                "{n} points; if several sides reach it, the highest wins, a tie plays another hand"
            ),
            n=v,
        ),
    ),
    "margin": (
        N_("End of game"),
        N_("Winning lead"),
        lambda v, o: (
            text(N_("a lead of {n} points also ends the game"), n=v) if v else text(N_("none"))
        ),
    ),
    "window_200": (
        N_("End of game"),
        N_("200 Limit"),
        lambda v, o: (
            text(N_("a side finishing a hand on 200–205 wins at once")) if v else text(N_("no"))
        ),
    ),
    "moon_wins": (N_("End of game"), N_("A moon made wins the game"), _yes_no),
    "losing_score": (
        N_("End of game"),
        N_("Losing score"),
        lambda v, o: (
            text(N_("a side at {n} or below after a hand ends the game"), n=o.losing_limit)
            if v
            else text(N_("none"))
        ),
    ),
    "losing_limit": (N_("End of game"), N_("Losing score limit"), _number),
    "hands_per_game": (
        N_("End of game"),
        N_("Hands per game (error scoring)"),
        _number,
    ),
}


def choice_words() -> dict[str, dict[str, Text]]:
    """For each enum option, its values in words."""
    return {
        name: {value: text(words) for value, words in entry[2].words.items()}
        for name, entry in SHEET.items()
        if isinstance(entry[2], _Choice)
    }


def describe(options: SpadesOptions) -> list[Group]:
    """Return the option groups in sheet order, each option as (name, label, value)."""
    return grouped(SHEET, options)


# Options a table needs on the page even where the source is silent.
# Options a blank scorecard prints even where the source is silent (how the game ends).
PRINTED = frozenset({"sandbagging", "target", "margin", "window_200", "moon", "scoring"})
KEY = frozenset(
    {"players", "partnership", "tricks_per_hand", "contract", "set_penalty", "overtricks"}
    | {"sandbagging", "nil", "blind_nil", "target", "first_lead", "spades_lead", "scoring"}
)


def relevant(o: SpadesOptions) -> frozenset[str]:
    """The options that can matter under these rules (the rest only under other values)."""
    names = set(SHEET)
    off = {
        "contract": not o.partnership,
        "failed_nil_tricks": not o.partnership or not (o.nil or o.blind_nil),
        "nil_points": not o.nil,
        "nil_exchange": not o.nil or not o.partnership,
        "zero_is_nil": not o.nil,
        "blind_nil_behind": not o.blind_nil or o.roulette,
        "blind_nil_points": not o.blind_nil,
        "blind_nil_fail_points": not o.blind_nil,
        "blind_nil_exchange": not o.blind_nil or not o.partnership,
        "double_blind_nil_points": not o.double_blind_nil,
        "double_blind_nil_behind": not o.double_blind_nil,
        "sandbag_limit": not o.sandbagging,
        "sandbag_penalty": not o.sandbagging,
        "sandbag_takes_back_bags": not o.sandbagging,
        "suicide": not o.partnership,
        "roulette": not o.blind_nil,
        "blind_min": not o.blind_bids,
        "blind_behind": not o.blind_bids,
        "blind_reward": not o.blind_bids,
        "blind_set": not o.blind_bids or o.blind_reward is not BlindReward.BONUS_100,
        "blind_exact": not o.blind_bids,
        "moon_points": not o.moon,
        "thirteen_is_moon": not o.moon,
        "blind_moon_points": not o.blind_moon,
        "blind_moon_behind": not o.blind_moon,
        "moon_wins": not (o.moon or o.blind_moon),
        "losing_limit": not o.losing_score,
        "hands_per_game": o.scoring is not Scoring.ERROR,
        "trump_order": False,
    }
    if o.scoring is Scoring.ERROR:  # points are not kept: only |bid − tricks| counts
        off |= dict.fromkeys(
            [
                "set_penalty", "overtricks", "sandbagging", "exact_bid_bonus", "high_bid_bonus",
                "small_bid_table", "ten_for", "all_tricks", "nil_points", "blind_nil_points",
                "blind_nil_fail_points", "double_blind_nil_points", "moon_points",
                "blind_moon_points", "target", "margin", "window_200", "moon_wins",
                "losing_score", "sandbag_limit", "sandbag_penalty", "sandbag_takes_back_bags",
            ],
            True,
        )  # fmt: skip
    return frozenset(name for name in names if not off.get(name, False))


def _behind_words(n: int) -> Text:
    return (
        text(N_("at any score")) if n == 0 else text(N_("only to a side {n} or more behind"), n=n)
    )


def answers(o: SpadesOptions) -> list[Answer]:
    """Quick answers to what Spades tables argue about, from the options in force."""
    return [_nil(o), _blind_nil(o), _set(o), _bags(o), _special(o), _end(o)]


_FAILED_NIL_ANSWERS = {
    FailedNilTricks.COUNT_FOR_TEAM: N_(
        "A failed nil's tricks count toward the partner's contract, and are bags."
    ),
    FailedNilTricks.BAGS_ONLY: N_(
        "A failed nil's tricks are only bags: no points, no help to the partner."
    ),
    FailedNilTricks.BAGS_AND_POINTS: N_(
        "A failed nil's tricks score +1 and a bag each, like overtricks, but never help the partner."
    ),
    FailedNilTricks.NOTHING: N_(
        "A failed nil's tricks count for nothing: no points, no bags, no help to the partner."
    ),
}


def _nil(o: SpadesOptions) -> Answer:
    question = text(N_("Nil"))
    if not o.nil:
        return Answer(question, (text(N_("Not played: there is no nil bid.")),), ("nil",))
    lines = [text(N_("Allowed; made +{n}, failed −{n}."), n=o.nil_points)]
    lines.append(
        text(N_("A bid of 0 is a nil."))
        if o.zero_is_nil
        else text(N_("A bid of 0 is a plain contract of 0, not a nil."))
    )
    if o.partnership and o.scoring is Scoring.POINTS:
        lines.append(text(_FAILED_NIL_ANSWERS[o.failed_nil_tricks]))
        if o.nil_exchange:
            lines.append(
                text(N_("The nil bidder exchanges {n} cards with the partner."), n=o.nil_exchange)
            )
    elif o.scoring is Scoring.POINTS:
        lines.append(text(N_("A nil bidder's tricks are bags, like overtricks.")))
    return Answer(
        question, tuple(lines), ("nil", "nil_points", "zero_is_nil", "failed_nil_tricks")
    )


def _blind_nil(o: SpadesOptions) -> Answer:
    question = text(N_("Blind nil (ダブルニル)"))
    if o.roulette:
        lines = [text(N_("Everybody bids it, every hand (Roulette)."))]
    elif not o.blind_nil:
        return Answer(
            question,
            (
                text(
                    N_("Not played."),
                ),
            ),
            ("blind_nil",),
        )
    else:
        lines = [
            text(
                N_("A nil bid before looking at the cards; allowed {when}."),
                when=_behind_words(o.blind_nil_behind),
            )
        ]
    lines.append(
        text(
            N_("Made +{made}, failed −{failed}."),
            made=o.blind_nil_points,
            failed=o.blind_nil_fail_points,
        )
    )
    if o.partnership and o.blind_nil_exchange:
        lines.append(
            text(N_("The bidder exchanges {n} cards with the partner."), n=o.blind_nil_exchange)
        )
    return Answer(
        question,
        tuple(lines),
        ("blind_nil", "blind_nil_behind", "blind_nil_points", "blind_nil_fail_points"),
    )


def _set(o: SpadesOptions) -> Answer:
    question = text(N_("A set (contract not made)"))
    if o.scoring is Scoring.ERROR:
        return Answer(
            question,
            (text(N_("No points: each trick off the bid adds 1 to the error.")),),
            ("scoring",),
        )
    lines = [
        text(N_("Costs 10 × the contract, however few tricks were missing."))
        if o.set_penalty is SetPenalty.BID
        else text(N_("Costs 10 for each missing trick."))
    ]
    if o.min_bid:
        lines.append(
            text(N_("The partnership must bid at least {n}, even beside a nil."), n=o.min_bid)
            if o.partnership
            else text(N_("Each numeric bid is at least {n}."), n=o.min_bid)
        )
    return Answer(question, tuple(lines), ("set_penalty", "min_bid"))


def _bags(o: SpadesOptions) -> Answer:
    question = text(N_("Bags (overtricks)"))
    if o.scoring is Scoring.ERROR:
        return Answer(question, (text(N_("Only counted; they do not score.")),), ("scoring",))
    if o.overtricks is Overtricks.MINUS_ONE:
        first = text(N_("Each overtrick costs 1 point; there is no sandbag rule."))
    elif o.overtricks is Overtricks.MINUS_TEN:
        first = text(N_("Each overtrick costs 10 points; there is no sandbag rule."))
    elif o.overtricks is Overtricks.ZERO:
        first = text(N_("Each overtrick is worth nothing, but is still a bag."))
    else:
        first = text(N_("Each overtrick scores +1 and is a bag."))
    lines = [first]
    if o.sandbagging:
        lines.append(
            text(
                N_(
                    "Every time a side's bags reach {limit}: −{penalty}, and {limit} bags are taken off; bags carry over from hand to hand."
                ),
                limit=o.sandbag_limit,
                penalty=o.sandbag_penalty + (o.sandbag_limit if o.sandbag_takes_back_bags else 0),
            )
        )
    elif o.overtricks in (Overtricks.PLUS_ONE, Overtricks.ZERO):
        lines.append(text(N_("No sandbag rule: bags are only counted.")))
    return Answer(
        question, tuple(lines), ("overtricks", "sandbagging", "sandbag_limit", "sandbag_penalty")
    )


def _special(o: SpadesOptions) -> Answer:
    lines: list[Text] = []
    if o.blind_bids:
        lines.append(
            text(
                N_("Blind {n} or more (bid before looking), {when}: {reward}."),
                n=o.blind_min,
                when=_behind_words(o.blind_behind),
                reward=SHEET["blind_reward"][2](o.blind_reward, o),
            )
        )
    if o.double_blind_nil:
        lines.append(
            text(
                N_("Double blind nil (never look): ±{n}, {when}."),
                n=o.double_blind_nil_points,
                when=_behind_words(o.double_blind_nil_behind),
            )
        )
    lines += _moons(o)
    if o.ten_for is not TenFor.NONE:
        lines.append(
            text(
                N_("A contract of 10 or more: {words}."),
                words=SHEET["ten_for"][2](o.ten_for, o),
            )
        )
    if o.exact_bid_bonus:
        lines.append(text(N_("Making the contract exactly: +{n}."), n=o.exact_bid_bonus))
    if o.high_bid_bonus:
        lines.append(text(N_("A bid of 7 or more made: +10 per contracted trick above 6.")))
    if o.small_bid_table:
        lines.append(text(N_("Small contracts made exactly: 2 = 40, 1 = 60, 0 = 100.")))
    if o.all_tricks is AllTricks.BONUS_200:
        lines.append(text(N_("One side takes all the tricks: +200.")))
    if o.suicide:
        lines.append(text(N_("Suicide: each partnership must bid at least one nil every hand.")))
    if o.mirror:
        lines.append(
            text(
                N_("Mirror: everyone bids their number of spades; the bids total {n}."),
                n=o.tricks_per_hand,
            )
        )
    if not lines:
        lines.append(text(N_("None: no blind bids, no moon, no bonus for big contracts.")))
    return Answer(
        text(N_("Special bids and bonuses")),
        tuple(lines),
        ("blind_bids", "moon", "ten_for", "exact_bid_bonus", "all_tricks", "suicide", "mirror"),
    )


def _moons(o: SpadesOptions) -> list[Text]:
    """The moon and the blind moon, where these rules have them."""
    lines = []
    if o.moon:
        lines.append(
            text(
                N_("Moon (bid all the tricks): ±{n} instead of the normal score."), n=o.moon_points
            )
        )
    if o.moon and o.thirteen_is_moon and o.partnership and o.contract is Contract.SUM:
        lines.append(
            text(
                N_("A bid of {n}, or partners' bids adding up to {n}, is a moon."),
                n=o.tricks_per_hand,
            )
        )
    elif o.moon and o.thirteen_is_moon:
        lines.append(text(N_("A bid of {n} is a moon."), n=o.tricks_per_hand))
    if o.blind_moon:
        lines.append(
            text(
                N_("Blind moon: ±{n}, {when}."),
                n=o.blind_moon_points,
                when=_behind_words(o.blind_moon_behind),
            )
        )
    return lines


def _end(o: SpadesOptions) -> Answer:
    question = text(N_("End of the game and ties"))
    if o.scoring is Scoring.ERROR:
        lines = [
            text(
                N_(
                    "After {n} hands the lowest accumulated |bid − tricks| wins; a tie plays another hand."
                ),
                n=o.hands_per_game,
            )
        ]
        return Answer(question, tuple(lines), ("scoring", "hands_per_game"))
    lines = [
        text(
            N_(
                "The game ends when a side reaches {n}; if several do on the same hand, the highest wins, and a tie for the highest plays another hand."
            ),
            n=o.target,
        )
    ]
    if o.margin:
        lines.append(text(N_("A lead of {n} points also ends it."), n=o.margin))
    if o.window_200:
        lines.append(text(N_("A side finishing a hand on 200–205 wins at once.")))
    if o.all_tricks is AllTricks.WINS_GAME:
        lines.append(text(N_("A side taking all the tricks wins at once.")))
    if o.moon_wins:
        lines.append(text(N_("A moon made wins at once.")))
    if o.losing_score:
        lines.append(text(N_("A side at {n} or below after a hand loses."), n=o.losing_limit))
    return Answer(question, tuple(lines), ("target", "margin", "window_200", "all_tricks"))

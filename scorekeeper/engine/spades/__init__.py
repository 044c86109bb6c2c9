"""Spades as a game kind: options, hand shape, scoring and end of game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from ..hand import Body, Gettext, HandCode
from ..kinds import Facts, GameKind, KindDefaults, Scoring, Words
from ..text import N_, Nn_, Text, text
from ..types import HandResult, Marker, StatColumn
from . import scoring
from .bids import NIL_KINDS, Bid, BidKind, bid_short, is_nil
from .options import Contract, SpadesOptions
from .options import Scoring as Count
from .scoring import is_int
from .scoring import shape as table_shape
from .state import SpadesHand, SpadesState

ZERO = Bid(BidKind.NUMBER, 0)
NIL_MARKERS = frozenset(f"{kind}_{end}" for kind in NIL_KINDS for end in ("made", "failed"))
TEAM_BID_NOTE = text(
    N_("Partners' two bids are added into one team bid, as these rules take one number a side")
)


def shorthand(body: Body, seats: Sequence[int], players: Sequence[str], gettext: Gettext) -> str:
    """Bid/tricks per seat ("3/4 · nil/0"), or the team's bids and tricks ("3+4/8") where
    the partners' tricks were entered as one number. `team_tricks` lists those sides by
    their number at the table: the shape's sides, 0 (seats 1 + 3) and 1 (seats 2 + 4),
    each numbered as its first seat is."""
    if len(seats) > 1 and seats[0] in body.get("team_tricks", []):
        took = sum(body["tricks"][s] for s in seats)
        return "+".join(bid_short(body["bids"][s], gettext) for s in seats) + f"/{took}"
    return " · ".join(f"{bid_short(body['bids'][s], gettext)}/{body['tricks'][s]}" for s in seats)


def csv_cells(body: Body, seat: int) -> dict[str, str]:
    return {"bid": str(body["bids"][seat]), "tricks": str(body["tricks"][seat])}


HAND = HandCode(
    scoring.parse_hand,
    scoring.hand_to_json,
    scoring.hand_words,
    shorthand,
    ("bid", "tricks"),
    csv_cells,
)


class Spades(KindDefaults[SpadesOptions, SpadesState]):
    """The Spades game kind."""

    facts = Facts(
        name="spades",
        title=N_("Spades"),
        featured="yahoo-normal",
        options=SpadesOptions,
        markers={
            "set": Marker(N_("set"), setback=True),
            "bagged_out": Marker(N_("bagged out"), setback=True),
            "nil_made": Marker(N_("nil made")),
            "nil_failed": Marker(N_("nil failed"), setback=True),
            "blind_nil_made": Marker(N_("blind nil made")),
            "blind_nil_failed": Marker(N_("blind nil failed"), setback=True),
            "double_blind_nil_made": Marker(N_("double blind nil made")),
            "double_blind_nil_failed": Marker(N_("double blind nil failed"), setback=True),
            "moon_made": Marker(N_("moon")),
            "all_tricks": Marker(N_("all tricks")),
        },
        stat_columns=(
            StatColumn(N_("Nil made / bid"), ("nil_made",), ("nil_bid",)),
            StatColumn(N_("Blind nil made / bid"), ("blind_nil_made",), ("blind_nil_bid",)),
            StatColumn(N_("Sets"), ("sets",)),
        ),
        scorecard=((), (N_("Bid"), N_("Tricks"), N_("Score"), N_("Total"), N_("Bags"))),
        carried="bags",
        carried_words=Nn_("%(num)s bag", "%(num)s bags"),
        seated_by=frozenset({"players", "partnership", "tricks_per_hand"}),
    )
    scoring: Scoring[SpadesOptions, SpadesHand, SpadesState] = scoring
    hand = HAND

    def words(self) -> Words[SpadesOptions]:
        from . import describe  # the rule sheet: never needed to score

        return describe

    shape = staticmethod(table_shape)

    def carry_hand(
        self,
        raw: Body,
        played: SpadesOptions,
        other: SpadesOptions,
        players: Sequence[str],
    ) -> tuple[Body, Text | None]:
        """Under a team-total contract a side states one number: partners who each bid a
        number under a sum contract are entered as their sum on the first partner's seat,
        the other partner entering 0 (the contract scored is the same sum)."""
        if not (
            other.partnership
            and other.contract is Contract.TEAM_TOTAL
            and played.partnership
            and played.contract is Contract.SUM
        ):
            return raw, None
        bids = list(raw.get("bids", []))
        if len(bids) != 4:
            return raw, None
        merged = False
        for a, b in ((0, 2), (1, 3)):
            if is_int(bids[a]) and is_int(bids[b]) and bids[a] > 0 and bids[b] > 0:
                bids[a], bids[b] = bids[a] + bids[b], 0
                merged = True
        if not merged:
            return raw, None
        return {**raw, "bids": bids}, TEAM_BID_NOTE

    def lowest_wins(self, options: SpadesOptions) -> bool:
        return options.scoring is Count.ERROR

    def target(self, options: SpadesOptions) -> int | None:
        return options.target if options.scoring is Count.POINTS else None

    def footer(self, options: SpadesOptions) -> list[Text]:
        facts = super().footer(options)
        if options.sandbagging:
            facts.append(
                text(
                    N_("{limit} bags cost {penalty}"),
                    limit=options.sandbag_limit,
                    penalty=options.sandbag_penalty,
                )
            )
        return facts

    def tally(
        self, options: SpadesOptions, hand: SpadesHand, result: HandResult, seat: int, side: int
    ) -> dict[str, int]:
        """Nils bid and made (by kind), contracts made and set, bagging out."""
        bid, took = hand.bids[seat], hand.tricks[seat]
        markers = result.markers[side]
        counts: dict[str, int] = {}
        seats = cast(SpadesState, result.state).sides[side].seats  # this kind's own result
        if bid == ZERO and scoring.whole_contract(options, hand.bids, seats) is not None:
            pass  # the partner of a blind N or a moon entered 0: no bid, not even a nil
        elif is_nil(bid, options):
            kind = bid.kind.value if bid.kind is not BidKind.NUMBER else "nil"
            counts[f"{kind}_bid"] = 1
            if took == 0:
                counts[f"{kind}_made"] = 1
        else:
            counts["contracts"] = 1
            counts["sets" if "set" in markers else "contracts_made"] = 1
            if bid.kind is BidKind.NUMBER and took > bid.n:
                counts["bags"] = took - bid.n
        if "bagged_out" in markers:
            counts["bagged_out"] = 1
        return counts

    def seat_markers(
        self, options: SpadesOptions, hand: SpadesHand, markers: Sequence[str], seat: int
    ) -> tuple[str, ...]:
        """A nil made or failed is its bidder's own (of two nils on a side, the one that
        took no trick made it); a set, bags or a moon is the side's."""
        bid, took = hand.bids[seat], hand.tricks[seat]
        own = ""
        if is_nil(bid, options):
            kind = bid.kind.value if bid.kind is not BidKind.NUMBER else "nil"
            own = f"{kind}_made" if took == 0 else f"{kind}_failed"
        return tuple(m for m in markers if m not in NIL_MARKERS or m == own)

    def stats_json(self, counts: Mapping[str, int]) -> dict[str, object]:
        """The fields `stats --json` promises of Spades (GAME-FORMAT.md), and more."""
        return {
            **{
                kind: {"bid": counts.get(f"{kind}_bid", 0), "made": counts.get(f"{kind}_made", 0)}
                for kind in ("nil", "blind_nil", "double_blind_nil")
            },
            "contracts": {
                "bid": counts.get("contracts", 0),
                "made": counts.get("contracts_made", 0),
                "set": counts.get("sets", 0),
            },
            "bags": counts.get("bags", 0),
            "bagged_out": counts.get("bagged_out", 0),
        }


KIND: GameKind[SpadesOptions, SpadesHand, SpadesState] = (
    Spades()
)  # checked against the interface by mypy

__all__ = ["KIND", "Bid", "SpadesHand", "SpadesOptions", "SpadesState"]

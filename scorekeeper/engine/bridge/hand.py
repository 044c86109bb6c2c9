"""A bridge deal as a game file holds it (GAME-FORMAT.md, Contract Bridge): reading it,
writing it back and saying it in words. Kept apart from the scoring so that the hand's
fields are described in one place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from ..errors import InvalidHand
from ..hand import Body
from ..text import N_, Part, Text, shown, text
from .contract import Contract, read_contract
from .options import SEATS, TRICKS, BridgeOptions, Form

VULNERABILITIES = ("none", "ns", "ew", "both")


@dataclass(frozen=True)
class Honours:
    side: int
    points: int  # 100 or 150


@dataclass(frozen=True)
class BridgeHand:
    """One deal: its contract (None: passed out, or a raw score), the declarer, the
    tricks the declaring side took, honours; a board's number and its markings; a raw
    North-South score and the pairs, on a traveller."""

    contract: Contract | None
    declarer: int | None = None
    tricks: int | None = None
    given_as_result: bool = False  # entered as a result (=, +1, −2), not tricks
    honours: Honours | None = None
    dealer: int | None = None  # the seat that really dealt (a hand's "dealer")
    board: int | None = None
    vulnerability: str | None = None  # the board's markings, where they differ from Law 2
    ns_score: int | None = None  # a traveller's raw score
    ns_pair: str | None = None
    ew_pair: str | None = None

    @property
    def passed(self) -> bool:
        return self.contract is None and self.ns_score is None

    @property
    def result(self) -> int | None:
        if self.contract is None or self.tricks is None:
            return None
        return self.tricks - self.contract.needed


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def parse_hand(raw: object, options: BridgeOptions) -> BridgeHand:
    """Read a deal; raise InvalidHand naming what is wrong."""
    if not isinstance(raw, dict):
        raise InvalidHand(text(N_("a bridge deal must be an object with its 'contract'")))
    traveller = options.form is Form.DUPLICATE_BOARD
    board = _board(raw, options)
    dealer = raw.get("dealer")
    dealer = dealer if _whole(dealer) else None  # the engine checks the seat itself
    vulnerability = raw.get("vulnerability")
    if vulnerability is not None and vulnerability not in VULNERABILITIES:
        raise InvalidHand(
            text(
                N_("'vulnerability' must be none, ns, ew or both, got {value}"),
                value=shown(vulnerability),
            ),
            field="vulnerability",
        )
    pairs = {}
    for name in ("ns_pair", "ew_pair"):
        value = raw.get(name)
        if value is not None and not isinstance(value, str | int):
            raise InvalidHand(text(N_("{name!r} must be a pair's number or name"), name=name))
        pairs[name] = None if value is None else str(value)
    common = dict(board=board, dealer=dealer, vulnerability=vulnerability, **pairs)
    if "ns_score" in raw and raw["ns_score"] is not None:
        if not traveller:
            raise InvalidHand(
                text(N_("'ns_score' is for a traveller (the duplicate-board rulesets)")),
                field="ns_score",
            )
        score = raw["ns_score"]
        if not _whole(score) or score % 10 or not -7600 <= score <= 7600:
            raise InvalidHand(
                text(N_("'ns_score' must be a multiple of 10 from -7600 to 7600")),
                field="ns_score",
            )
        if "contract" in raw:
            raise InvalidHand(text(N_("give either 'contract' or 'ns_score'")), field="ns_score")
        return BridgeHand(None, ns_score=score, **common)  # type: ignore[arg-type]
    if "contract" not in raw:
        raise InvalidHand(text(N_("a bridge deal needs its 'contract' (or \"pass\")")))
    code = raw["contract"]
    if isinstance(code, str) and code.strip().lower() in ("pass", "passed", "p"):
        if raw.get("honours") is not None:
            raise InvalidHand(text(N_("a passed-out deal has no honours")), field="honours")
        for field in ("declarer", "tricks", "result"):
            if raw.get(field) is not None:
                raise InvalidHand(
                    text(N_("a passed-out deal has no {field}"), field=repr(field)), field=field
                )
        return BridgeHand(None, **common)  # type: ignore[arg-type]
    contract = read_contract(code) if isinstance(code, str) else None
    if contract is None:
        raise InvalidHand(
            text(
                N_(
                    "contract must be a level 1 to 7 and C, D, H, S or NT, then X or XX,"
                    " got {value}"
                ),
                value=repr(code) if isinstance(code, str) else shown(code),
            ),
            field="contract",
        )
    declarer = raw.get("declarer")
    if not _whole(declarer) or not 0 <= declarer < SEATS:
        raise InvalidHand(
            text(N_("'declarer' must be a seat 0 to 3, got {value}"), value=shown(declarer)),
            field="declarer",
        )
    tricks, given_as_result = _tricks(raw, contract)
    honours = _honours(raw.get("honours"), contract, options)
    return BridgeHand(contract, declarer, tricks, given_as_result, honours, **common)  # type: ignore[arg-type]


def _board(raw: dict[str, Any], options: BridgeOptions) -> int | None:
    board = raw.get("board")
    if board is None:
        if options.form is Form.DUPLICATE_BOARD:
            raise InvalidHand(text(N_("every result on a traveller names its 'board'")))
        return None
    if not _whole(board) or board < 1:
        raise InvalidHand(text(N_("'board' must be a whole number 1 or more")), field="board")
    return board


def _tricks(raw: dict[str, Any], contract: Contract) -> tuple[int, bool]:
    has_tricks = raw.get("tricks") is not None
    has_result = raw.get("result") is not None
    if has_tricks == has_result:
        raise InvalidHand(text(N_("give either 'tricks' or 'result'")), field="tricks")
    if has_tricks:
        tricks = raw["tricks"]
        if not _whole(tricks) or not 0 <= tricks <= TRICKS:
            raise InvalidHand(
                text(N_("'tricks' must be 0 to 13, got {value}"), value=shown(tricks)),
                field="tricks",
            )
        return tricks, False
    result = raw["result"]
    low, high = -contract.needed, TRICKS - contract.needed
    if not _whole(result) or not low <= result <= high:
        value = signed(result) if _whole(result) else shown(result)
        raise InvalidHand(
            text(
                N_("'result' must be {low} to {high} for {contract}, got {value}"),
                low=low,
                high=signed(high) if high else "0",
                contract=contract.code,
                value=value,
            ),
            field="result",
        )
    return contract.needed + result, True


def _honours(raw: object, contract: Contract, options: BridgeOptions) -> Honours | None:
    if raw is None or raw is False:
        return None
    if not options.honours or options.form in (Form.DUPLICATE, Form.DUPLICATE_BOARD):
        raise InvalidHand(
            text(N_("honours are not scored under these rules (honours is off)")),
            field="honours",
        )
    if (
        not isinstance(raw, dict)
        or raw.get("side") not in (0, 1)
        or isinstance(raw.get("side"), bool)
        or raw.get("points") not in (100, 150)
        or isinstance(raw.get("points"), bool)
    ):
        raise InvalidHand(
            text(N_('\'honours\' must be {{"side": 0 or 1, "points": 100 or 150}}')),
            field="honours",
        )
    if contract.strain == "NT" and raw["points"] != 150:
        raise InvalidHand(
            text(N_("at no trump only four aces in one hand count (150)")), field="honours"
        )
    return Honours(raw["side"], raw["points"])


def hand_to_json(hand: BridgeHand) -> dict[str, object]:
    """The deal back in its game-file form (its dealer is written by the game)."""
    body: dict[str, object] = {}
    if hand.board is not None:
        body["board"] = hand.board
    if hand.ns_score is not None:
        body["ns_score"] = hand.ns_score
    elif hand.contract is None:
        body["contract"] = "pass"
    else:
        body["contract"] = hand.contract.code
        body["declarer"] = hand.declarer
        if hand.given_as_result:
            body["result"] = hand.result
        else:
            body["tricks"] = hand.tricks
        if hand.honours is not None:
            body["honours"] = {"side": hand.honours.side, "points": hand.honours.points}
    if hand.vulnerability is not None:
        body["vulnerability"] = hand.vulnerability
    for name in ("ns_pair", "ew_pair"):
        if getattr(hand, name) is not None:
            body[name] = getattr(hand, name)
    return body


SEAT_WORDS = (N_("North"), N_("East"), N_("South"), N_("West"))


def contract_words(body: Body) -> str:
    """A deal's contract and result as a scoresheet says it: "4♠X N =", "3NT E −2"."""
    code = body.get("contract")
    if body.get("ns_score") is not None:
        return signed(int(body["ns_score"]))
    if not isinstance(code, str):
        return ""
    contract = read_contract(code)
    if contract is None:
        return "pass" if code.strip().lower().startswith("p") else code
    declarer = body.get("declarer")
    seat = "NESW"[declarer] if isinstance(declarer, int) and 0 <= declarer < SEATS else "?"
    if body.get("result") is not None:
        result = int(body["result"])
    elif isinstance(body.get("tricks"), int):
        result = int(body["tricks"]) - contract.needed
    else:
        return f"{contract.bid} {seat}"
    return f"{contract.bid} {seat} {'=' if result == 0 else signed(result)}"


def hand_words(body: Body, players: Sequence[str]) -> list[Part]:
    """The contract, the declarer, the result, honours."""
    parts: list[Part] = []
    if body.get("board") is not None:
        parts.append((Text(N_("Board")), text("{value}", value=shown(body["board"]))))
    if body.get("ns_score") is not None:
        parts.append(
            (Text(N_("North-South score")), text("{value}", value=signed(int(body["ns_score"]))))
        )
        return parts
    code = body.get("contract")
    contract = read_contract(code) if isinstance(code, str) else None
    if contract is None:
        parts.append((Text(N_("Contract")), text(N_("passed out"))))
        return parts
    declarer = body.get("declarer")
    who = (
        players[declarer]
        if isinstance(declarer, int) and 0 <= declarer < len(players)
        else shown(declarer)
    )
    parts.append((Text(N_("Contract")), text("{value}", value=contract.bid)))
    parts.append((Text(N_("Declarer")), text("{value}", value=who)))
    result = contract_words(body).rsplit(" ", 1)[-1]
    parts.append((Text(N_("Result")), text("{value}", value=result)))
    honours = body.get("honours")
    if isinstance(honours, dict):
        side = (N_("North-South"), N_("East-West"))[1 if honours.get("side") == 1 else 0]
        parts.append(
            (
                Text(N_("Honours")),
                text(
                    N_("{points} to {side}"), points=shown(honours.get("points")), side=text(side)
                ),
            )
        )
    return parts

"""Submissions: the token a phone sends with a hand (or bids), kept with the page that
answered it, written in the same transaction as what it answers. A resend gets the first
answer, never a Conflict and never a second hand."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from .stored import _now


class Repeated(RuntimeError):
    """A submission token already answered: the first answer, for the phone to get again."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        super().__init__(f"already answered: {answer}")


class ForeignToken(ValueError):
    """A submission token already answered for another game or another step: refused,
    never answered as stored (the hand it came with would be dropped unseen)."""


@dataclass(frozen=True)
class Submission:
    """A phone's token for one submission, the step it answers (a page and a hand of
    one game) and what the app answers it (a page to open)."""

    token: str
    answer: str
    step: str = ""


def answered(db: Database, token: str, game_id: str, step: str = "") -> str | None:
    """The first answer to a submission token for this game and step, or None when it
    was never stored; ForeignToken when it answered another game or step (a token stored
    before steps were kept matches any step of its game)."""
    row = db.execute(
        "SELECT game_id, step, answer FROM submissions WHERE token = ?", [token]
    ).fetchone()
    if row is None:
        return None
    if row[0] != game_id or (row[1] and row[1] != step):
        raise ForeignToken(token)
    return str(row[2])


def _answer_once(db: Database, game_id: str, submission: Submission | None) -> None:
    """Inside a write, before the game is claimed: a token seen before raises Repeated
    (nothing is written again), or ForeignToken when it answered another game or step;
    a new one is stored with the write it answers."""
    if submission is None:
        return
    first = answered(db, submission.token, game_id, submission.step)
    if first is not None:
        raise Repeated(first)
    db.execute(
        "INSERT INTO submissions (token, game_id, step, answer, created_at)"
        " VALUES (?, ?, ?, ?, ?)",
        [submission.token, game_id, submission.step, submission.answer, _now()],
    )

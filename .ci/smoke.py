"""Smoke test of an installed wheel, run from a directory that is not the checkout.

.ci/run builds the wheel, installs it (not editable) into a fresh venv and runs this
with that venv's Python: the installed `scorekeeper` must serve the home page, every
asset it names and a stored game, print a PDF, and print a rule page in Japanese with
--lang before or after the subcommand. Standard library only.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

BIN = Path(sys.executable).parent
SCOREKEEPER = str(BIN / "scorekeeper")
GAME = {
    "format": "scorekeeper-game/1",
    "game": "spades",
    "ruleset": "yahoo-normal",
    "players": ["山田", "Zoë", "O'Brien", "Bob"],
    "hands": [{"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]}],
}


def check(condition: bool, what: str) -> None:
    if not condition:
        sys.exit(f"smoke test failed: {what}")
    print(f"ok: {what}")


def run(*args: str, stdin: str | None = None) -> str:
    done = subprocess.run(
        [SCOREKEEPER, *args], input=stdin, capture_output=True, text=True, check=False
    )
    check(done.returncode == 0, f"scorekeeper {' '.join(args)} exits 0 ({done.stderr.strip()})")
    return done.stdout


def japanese_share(text: str) -> float:
    """The share of Japanese among the letters of a text (kana and kanji vs Latin)."""
    cjk = len(re.findall(r"[\u3040-\u30ff\u4e00-\u9fff]", text))
    latin = len(re.findall(r"[A-Za-z]", text))
    return cjk / max(cjk + latin, 1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    check(not Path("pyproject.toml").exists(), f"running outside the checkout ({os.getcwd()})")
    check(run("--version").startswith("scorekeeper "), "scorekeeper --version")
    version = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--version"], capture_output=True, text=True
    )
    check(version.stdout.startswith("scorekeeper "), "python -m scorekeeper --version")
    for args in (
        ("--lang", "ja", "rules", "yahoo-normal"),
        ("rules", "yahoo-normal", "--lang", "ja"),
    ):
        share = japanese_share(run(*args))
        check(share > 0.5, f"scorekeeper {' '.join(args)} is mostly Japanese ({share:.0%})")
    scored = json.loads(run("score", "-", stdin=json.dumps(GAME)))
    check(scored["totals"] == [72, -78], "scorekeeper score")
    with tempfile.TemporaryDirectory() as work:
        game_file, pdf = Path(work) / "game.json", Path(work) / "sheet.pdf"
        game_file.write_text(json.dumps(GAME, ensure_ascii=False), encoding="utf-8")
        run("pdf", str(game_file), "-o", str(pdf), "--lang", "ja")
        check(pdf.read_bytes().startswith(b"%PDF"), "scorekeeper pdf writes a PDF")
        serve(work)


def serve(work: str) -> None:
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(Path(work) / "instance")}
    server = subprocess.Popen(
        [SCOREKEEPER, "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def get(path: str, **headers: str) -> tuple[int, bytes, str]:
        request = urllib.request.Request(base + path, headers=headers)
        with opener.open(request, timeout=20) as response:
            return response.status, response.read(), response.geturl()

    try:
        for _ in range(100):
            try:
                get("/")
                break
            except OSError:
                time.sleep(0.2)
        status, body, _url = get("/")
        home = body.decode()
        check(status == 200 and "<html" in home, "the home page is served")
        assets = set(re.findall(r'(?:href|src)="(/(?:static/[^"]+|sw\.js|manifest[^"]*))"', home))
        css = get("/static/app.css")[1].decode()
        assets |= {f"/static/{a}" for a in re.findall(r'url\("?([^")]+)"?\)', css)}
        check(len(assets) >= 4, f"the home page names its assets ({len(assets)})")
        for asset in sorted(assets):
            check(get(asset)[0] == 200, f"asset {asset}")
        page = get("/import")[1].decode()
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
        form = urllib.parse.urlencode(
            {"csrf_token": token.group(1) if token else "", "text": json.dumps(GAME)}
        ).encode()
        with opener.open(urllib.request.Request(base + "/import", data=form), timeout=20) as done:
            game_page, game_url = done.read().decode(), done.geturl()
        check("/g/" in game_url and "O&#39;Brien" in game_page, "a stored game is served")
        game_path = urllib.parse.urlsplit(game_url).path
        pdf = get(game_path + "/scoresheet.pdf")[1]
        check(pdf.startswith(b"%PDF"), "the game's scoresheet PDF")
        rules = get("/rules/yahoo-normal", **{"Accept-Language": "ja"})[1].decode()
        text = re.sub(r"<[^>]+>", " ", rules)
        share = japanese_share(text)
        check(share > 0.5, f"the Japanese rule page is mostly Japanese ({share:.0%})")
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=10)
        print(output.strip())


if __name__ == "__main__":
    main()

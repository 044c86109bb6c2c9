"""The wheel carries every data folder: each is a listed package, so that no setuptools
drops templates, static files, presets, fonts or catalogues (it warns that it may)."""

from __future__ import annotations

from pathlib import Path

# setuptools' own distutils (the standard library's is deprecated): reads setup.py's
# configuration without building anything.
from setuptools._distutils.core import run_setup

ROOT = Path(__file__).resolve().parent.parent


def test_every_folder_with_files_for_the_wheel_is_a_listed_package(monkeypatch):
    monkeypatch.chdir(ROOT)
    dist = run_setup("setup.py", stop_after="init")
    listed = set(dist.packages)
    where = {
        "scorekeeper": ROOT / "scorekeeper",
        **{k: ROOT / v for k, v in dist.package_dir.items()},
    }
    missing = []
    for package, folder in where.items():
        for path in folder.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                parts = path.parent.relative_to(folder).parts
                name = ".".join((package, *parts))
                if name not in listed:
                    missing.append(name)
    assert sorted(set(missing)) == []
    assert {"scorekeeper.templates.kinds.hearts", "scorekeeper.pdf.fonts"} <= listed

"""Build steps pyproject.toml cannot say: the top-level templates/ and static/ folders go
into the package, and the translation catalogues are compiled into the wheel.

templates/ and static/ stay at the top of the repository (where a web developer looks
for them) and are mapped into the package as `scorekeeper/templates` and
`scorekeeper/static` by setuptools' package_dir: the standard mechanism, no copy to keep
in step. The compiled .mo catalogues are never committed; `make` builds them for a
checkout, and build_py here builds them into a wheel with Babel (already a dependency of
Flask-Babel, and a build requirement), so `pip install .` or `pipx install .` speaks
Japanese without make.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py


class BuildWithCatalogues(build_py):
    """Copy the package as usual, then compile each messages.po into messages.mo."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # a checkout: `make` compiles them in place
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path("scorekeeper/translations").glob("*/LC_MESSAGES/messages.po"):
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalogue = read_po(source, locale=po.parts[-3])
            with target.open("wb") as out:
                write_mo(out, catalogue, use_fuzzy=False)


def folders(where: str, prefix: str) -> list[str]:
    """Every folder under `where` as a package named under `prefix`: data folders too, so
    that no setuptools drops their files (it warns it may stop including files of
    folders that are not listed as packages)."""
    found = find_namespace_packages(where=where, exclude=["*__pycache__*"])
    return [prefix, *(f"{prefix}.{name}" for name in found)]


# The data files of each package, by extension (each folder is a package of its own).
DATA = ["*.toml", "*.ttf", "*.txt", "*.md", "*.po", "*.html", "*.css", "*.js", "*.woff2"]
DATA += ["*.png", "*.svg"]

setup(
    packages=[
        *folders("scorekeeper", "scorekeeper"),
        *folders("templates", "scorekeeper.templates"),
        *folders("static", "scorekeeper.static"),
    ],
    package_dir={
        "scorekeeper.templates": "templates",
        "scorekeeper.static": "static",
    },
    package_data={"": DATA},
    cmdclass={"build_py": BuildWithCatalogues},
)

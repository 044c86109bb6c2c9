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

from setuptools import find_packages, setup
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


setup(
    packages=[
        *find_packages(include=["scorekeeper", "scorekeeper.*"]),
        "scorekeeper.templates",
        "scorekeeper.static",
    ],
    package_dir={
        "scorekeeper.templates": "templates",
        "scorekeeper.static": "static",
    },
    package_data={
        "scorekeeper": ["presets/*/*.toml", "pdf/fonts/*", "translations/*/LC_MESSAGES/*.po"],
        "scorekeeper.templates": ["**/*.html", "**/*.css"],
        "scorekeeper.static": ["*.css", "*.js", "fonts/*", "icons/*"],
    },
    cmdclass={"build_py": BuildWithCatalogues},
)

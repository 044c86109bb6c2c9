"""Forms: the new-game form built from a ruleset's options, import, and the small forms."""

from __future__ import annotations

import enum
import functools
import re
from typing import Any

from babel import support
from flask import current_app, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.i18n import messages_path
from wtforms.validators import (
    InputRequired,
    Length,
    NumberRange,
    Optional,
    Regexp,
    ValidationError,
)

from ..engine import Ruleset
from ..engine.options import OptionError, OptionValue, option_types, option_values
from ..limits import parse_count
from .i18n import language, render_text


class Form(FlaskForm):
    """A FlaskForm whose WTForms messages come from a catalogue read once per language.

    Flask-WTF reads and parses WTForms' .mo file again in every request that builds a
    form: on the scoresheet that cost more than the database.
    """

    class Meta(FlaskForm.Meta):
        def get_translations(self, form: Any) -> Any:
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return super().get_translations(form)
            return wtforms_catalogue(language())


@functools.cache  # read once per language, as Flask-Babel reads the app's own catalogue
def wtforms_catalogue(locale: str) -> support.NullTranslations:
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


LOST_VERSION = _l("This form has lost the game's version: reload the page.")


class VersionForm(Form):
    """Every write carries the CSRF token and the game version the phone saw."""

    version = HiddenField(
        validators=[InputRequired(LOST_VERSION), Regexp(r"^[0-9]{1,9}$", message=LOST_VERSION)]
    )

    def refusal(self) -> Any:
        """Why the form was refused: an expired token, or a lost version."""
        if getattr(self, "csrf_token", None) is not None and self.csrf_token.errors:
            return _l(
                "This form had expired. Everything you chose is still here: check it and send it again."
            )
        return (
            self.version.errors[0] if self.version.errors else _l("This form could not be used.")
        )

    def seen_version(self) -> int | None:
        value = self.version.data
        return parse_count(str(value)) if value is not None else None

    def carried_version(self, current: int) -> int:
        """The version a form shown again carries: the one the phone saw (so a write
        against an older game is still refused), or the current one if it was lost."""
        seen = self.seen_version()
        return current if seen is None else seen


class PinForm(Form):
    """The scorer PIN: only the CSRF token besides it (no game version needed)."""

    pin = StringField(validators=[Optional(), Length(max=12)])


RANGE = _l("Enter a number from %(min)s to %(max)s.")


class WholeRange(NumberRange):
    """NumberRange for whole numbers of any length. WTForms' own asks whether the number
    is NaN by turning it into a float, which overflows at 309 digits (a 500)."""

    def __init__(self, min: int, max: int) -> None:
        super().__init__(min=min, max=max, message=RANGE)

    def __call__(self, form: Any, field: Field) -> None:
        data = field.data
        if not isinstance(data, int):
            super().__call__(form, field)
            return
        if (self.min is None or data >= self.min) and (self.max is None or data <= self.max):
            return
        raise ValidationError(self.message % {"min": self.min, "max": self.max})


class WholeNumberField(IntegerField):
    """An integer field that says what to type, once, in the page's language."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        # ASCII digits only, as every count the app reads (limits.parse_count): int()
        # would read "١" or "３" as numbers a person never meant to type.
        typed = str(valuelist[0]).strip() if valuelist else ""
        if typed and not re.fullmatch(r"[-+]?[0-9]+", typed):
            self.data = None
            raise ValueError(_l("Enter a whole number, like 10 or -50."))
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError(_l("Enter a whole number, like 10 or -50.")) from None


class OptionLineField(StringField):
    """An option a kind writes itself (a list of steps, a table of values), typed as one
    line ("50 by 1, 60 by 5"); its data is the value as a game file holds it."""

    def __init__(self, label: Any, kind: type[OptionValue], option: str, **kwargs: Any) -> None:
        super().__init__(label, filters=[_strip], **kwargs)
        self.kind, self.option = kind, option

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return  # not on the form: the value it was given stands
        typed = str(valuelist[0])
        try:
            self.data = self.kind.from_line(self.option, typed).value
        except OptionError as error:
            self.data = typed
            raise ValueError(render_text(error.message)) from None

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        try:
            return self.kind.from_option(self.option, self.data).line
        except OptionError:
            return "" if self.data is None else str(self.data)


class TargetForm(VersionForm):
    target = WholeNumberField(
        _l("New target"), validators=[InputRequired(), WholeRange(min=1, max=100000)]
    )


class ImportForm(Form):
    file = FileField(_l("Game file"))
    text = TextAreaField(_l("…or paste the game file here"), validators=[Optional()])


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


class NotShown(HiddenField):
    """An option the page does not show: whatever comes back, it is left as it is."""


def option_field(name: str, kind: type, label: Any, words: dict[str, Any]) -> Field:
    """The form field for one option, by its type."""
    if kind is bool:
        return BooleanField(label)
    if kind is int:
        return WholeNumberField(
            label,
            validators=[
                InputRequired(_l("Enter a whole number, like 10 or -50.")),
                WholeRange(min=-100000, max=100000),
            ],
        )
    if isinstance(kind, type) and issubclass(kind, OptionValue):
        return OptionLineField(label, kind, name)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return SelectField(
            label, choices=[SelectChoice(m.value, words.get(m.value, m.value)) for m in kind]
        )
    raise TypeError(f"option {name} has an unsupported type")


def new_game_form(
    options_type: type, labels: dict[str, Any], words: dict[str, dict[str, Any]], seats: int
) -> FlaskForm:
    """A form with a name per seat (up to `seats`), the first dealer, and a field per option."""

    class NewGameForm(Form):
        pass

    for seat in range(seats):
        setattr(
            NewGameForm,
            f"player_{seat}",
            # Checked by the rule for names (limits.clean_name), beside each seat.
            StringField(_l("Seat %(n)s", n=seat + 1), filters=[_strip]),
        )
    NewGameForm.first_dealer = RadioField(
        _l("Deals first"),
        choices=[SelectChoice(str(seat)) for seat in range(seats)],
        default="0",
        validators=[InputRequired()],
    )
    NewGameForm.confirm_hands = BooleanField(
        _l("A player of another side confirms each hand's result")
    )
    _add_options(NewGameForm, options_type, labels, words)
    return NewGameForm()


def _add_options(
    form: type, options_type: type, labels: dict[str, Any], words: dict[str, dict[str, Any]]
) -> None:
    for name, kind in option_types(options_type).items():
        field = option_field(name, kind, labels.get(name, name), words.get(name, {}))
        if name not in labels:  # not on the rule sheet (a kind scored in several forms
            field = NotShown()  # lists its form's options): not on the page either
        setattr(form, f"opt_{name}", field)


def change_rules_form(
    options_type: type, labels: dict[str, Any], words: dict[str, dict[str, Any]]
) -> VersionForm:
    """Every option, where the change applies from, and the table's explicit agreement."""

    class ChangeRulesForm(VersionForm):
        from_hand = RadioField(
            _l("From"),
            choices=[
                SelectChoice("next", _l("the next hand (hands played keep their rules)")),
                SelectChoice("all", _l("hand 1: score the whole game again under the new rules")),
            ],
            default="next",
        )
        agreed = BooleanField(_l("The table agreed to this change"))

    _add_options(ChangeRulesForm, options_type, labels, words)
    return ChangeRulesForm()


def whatif_form(
    options_type: type, labels: dict[str, Any], words: dict[str, dict[str, Any]]
) -> FlaskForm:
    """The options of the ruleset a game is re-scored under, read from the query string."""

    class WhatIfForm(Form):
        class Meta:
            csrf = False

    _add_options(WhatIfForm, options_type, labels, words)
    return WhatIfForm(formdata=request.args if request.args else None)


def read_options(
    form: Any, base: Ruleset
) -> tuple[dict[str, Any], dict[str, list[Any]], Ruleset | None]:
    """The options the table changed from `base`, every problem beside its field (a value
    that is not a number, and a combination no table could play, found in one go), and
    the ruleset they make when there is no problem."""
    values = option_values(base.options)
    changes: dict[str, Any] = {}
    problems: dict[str, list[Any]] = {}
    for name, value in values.items():
        field = getattr(form, f"opt_{name}")
        if isinstance(field, NotShown):
            continue  # left as it is
        if not field.validate(form):
            problems[name] = field.errors[:1]  # "not a number" makes "out of range" noise
            continue
        if field.data != value:
            changes[name] = field.data
    try:
        ruleset = base.with_options(changes) if changes else base
    except OptionError as error:
        for name, messages in option_problems(error, values).items():
            problems.setdefault(name, messages)  # a field marked already keeps its message
        return changes, problems, None
    return changes, problems, None if problems else ruleset


def option_problems(error: OptionError, preset_values: dict[str, Any]) -> dict[str, list[Any]]:
    """Each problem of a rejected combination, beside every option it concerns."""
    problems: dict[str, list[Any]] = {}
    for fields, message in error.problems:
        for name in [f for f in fields if f in preset_values] or list(preset_values)[:1]:
            problems.setdefault(name, []).append(message)
    return problems


def options_summary(problems: dict[str, list[Any]], labels: dict[str, Any]) -> Any:
    """The line above the form that points at the marked options."""
    return _(
        "Check the options marked below: %(names)s.",
        names=", ".join(str(labels.get(name, name)) for name in problems),
    )


def house_rules_form(
    options_type: type, labels: dict[str, Any], words: dict[str, dict[str, Any]]
) -> FlaskForm:
    """House rules: their name and id, the preset they start from, every option, and a
    note per option (the table's reason; only the changed options' notes are kept)."""

    class HouseRulesForm(Form):
        name = StringField(_l("Name"), filters=[_strip])
        rules_id = StringField(_l("Id (for files and the command line)"), filters=[_strip])
        base = HiddenField()

    _add_options(HouseRulesForm, options_type, labels, words)
    for name in option_types(options_type):
        setattr(HouseRulesForm, f"note_{name}", StringField(filters=[_strip]))
    return HouseRulesForm()


class RulesImportForm(Form):
    file = FileField(_l("House rules file"))
    text = TextAreaField(_l("…or paste the file here"), validators=[Optional()])

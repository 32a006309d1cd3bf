"""Player names as other players see them: normalised, printable, never a look-alike.

A name is NFKC-normalised (a full-width ``ａｎｎ`` is ``ann``), its runs of white space made one
space, and must hold 1–40 characters with no control, format (zero-width, bidi override),
private-use or unassigned character, and no mix of scripts whose letters look alike (Latin
``a`` beside Cyrillic ``а``). Two players may share a name — players are told apart by their
id, and signed-in usernames are unique — but a name that only *looks* like another one (other
characters, the same skeleton) is refused: it can only serve to pass for someone else.
The look-alike data is Unicode's confusables list, through ``confusable_homoglyphs``.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import confusables

from .errors import InvalidName

LENGTH = (1, 40)
#: Unicode categories a name may not hold: control, format, surrogate, private use, unassigned.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def clean_name(raw) -> str:
    """The name as stored, or InvalidName saying what is wrong with it."""
    name = " ".join(unicodedata.normalize("NFKC", str(raw)).split())
    if not LENGTH[0] <= len(name) <= LENGTH[1]:
        raise InvalidName("A name has 1 to 40 characters.")
    if any(unicodedata.category(ch) in REFUSED_CATEGORIES for ch in name):
        raise InvalidName("A name holds printable characters only.", reason="unprintable")
    if confusables.is_dangerous(name):
        raise InvalidName(
            "A name may not mix look-alike letters of different scripts.", reason="mixed_scripts"
        )
    return name


def skeleton(name: str) -> str:
    """What the name looks like: case folded, each letter that has a Latin look-alike replaced
    by it (Cyrillic ``аnn`` and Latin ``ann`` share the skeleton ``ann``)."""
    return "".join(_look_alike(ch) for ch in name.casefold())


def _look_alike(ch: str) -> str:
    """The Latin letter ``ch`` looks like, or ``ch`` itself."""
    if ch.isascii():
        return ch
    found = confusables.is_confusable(ch, greedy=False, preferred_aliases=["latin"])
    return str(found[0]["homoglyphs"][0]["c"]).casefold() if found else ch

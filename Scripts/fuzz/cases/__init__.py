"""The fuzzer's reproducers, one module per class of hostile input; each module's
`cases()` gives its cases, numbered as the hardening work first listed them."""

from cases import aliases, arguments, concurrency, costs, goldens, interruptions, jpegs, memory, pullrequests, reports, size, swift

CLASSES = [size, aliases, reports, goldens, arguments, interruptions, concurrency, memory, jpegs, pullrequests, costs, swift]


def reproducers():
    """Every reproducer, class by class."""
    return [case for module in CLASSES for case in module.cases()]

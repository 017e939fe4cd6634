"""Domain errors; the CLI turns each into a clear message and a non-zero exit."""


class HippocampusError(Exception):
    """Base class for every error Hippocampus reports to a user."""


class CorruptIndexError(HippocampusError):
    """The index file cannot be parsed or fails its schema; it is left untouched."""


class LockTimeoutError(HippocampusError):
    """Another process held the store lock for too long."""


class NotFoundError(HippocampusError):
    """A memory id that does not exist was named."""


class InputError(HippocampusError):
    """Input from a file or the command line is malformed."""

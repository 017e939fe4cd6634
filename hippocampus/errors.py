"""Every domain error, in one place; the CLI turns each into one clear line and exit status 1.

    HippocampusError                 anything Hippocampus reports to a user
    ├── CorruptIndexError            a store file cannot be parsed or fails its schema; left untouched
    ├── SchemaError                  an index about to be written does not match the schema; nothing written
    ├── LockTimeoutError             another process kept the store busy for too long
    ├── StoreError                   a store file cannot be opened or written (permissions, disk full, a link)
    ├── NotFoundError                a memory id that does not exist was named
    ├── InputError                   input from a file, a setting or the command line is malformed
    ├── OpenClawError                an `openclaw` command failed; the message carries its own words
    └── LLMError                     the optional LLM endpoint could not be reached or answered junk
        └── LLMAnswerError           it answered, but not in the form asked for (untrusted output refused)

Standard library only: the installer imports it under the system python3.
"""


class HippocampusError(Exception):
    """Base class for every error Hippocampus reports to a user.

    `file` names the file the error is about, when there is one: `--json` reports it as its own field.
    """

    def __init__(self, message: str, file: object = None) -> None:
        super().__init__(message)
        self.file = None if file is None else str(file)


class CorruptIndexError(HippocampusError):
    """The index file cannot be parsed or fails its schema; it is left untouched."""


class SchemaError(HippocampusError):
    """An index about to be written does not match the schema; nothing was written."""


class LockTimeoutError(HippocampusError):
    """Another process held the store lock for too long."""


class StoreError(HippocampusError):
    """A store file cannot be opened or written (permissions, a full disk, a link, a folder); nothing changed."""


class NotFoundError(HippocampusError):
    """A memory id that does not exist was named."""


def no_memory(ids: list[str]) -> NotFoundError:
    """ "No memory with id …", naming each id only when it has the form ids have (`mem_001`): a value typed
    where an id goes (a pasted key) is never echoed to the terminal or cron's log."""
    import re

    shown = [i if re.fullmatch(r"[a-z]{1,12}_[0-9]{1,12}", i) else "(one not of the form mem_001)" for i in ids]
    return NotFoundError(f"no memory with id {', '.join(shown)}")


class InputError(HippocampusError):
    """Input from a file, a setting or the command line is malformed."""


class OpenClawError(HippocampusError):
    """An `openclaw` command failed; the message carries its own words."""


class LLMError(HippocampusError):
    """The optional endpoint could not be reached or answered something unusable."""


class LLMAnswerError(LLMError):
    """The endpoint answered, but not in the form asked for: the answer is refused, the endpoint still works."""

"""The rules of memory, as pure functions: what is worth keeping, how it fades, what is the same, how it ranks.

The rule of this package: no I/O of any kind. No files, no environment, no clock, no sqlite, no
subprocess, no network, no click. Time comes in as `now`; everything else comes in as values and
goes out as values. `tests/test_architecture.py` enforces it by scanning every module's imports
and calls. Keeping the rules pure is what lets them be tested exhaustively (Hypothesis) and run
unchanged by the CLI, the hooks, cron and the benchmarks.

    model        Memory, Source, Signal, Index and their JSON forms
    lifecycle    retention curves, effective importance, reinforcement, the one tier table
    config       the settings and their validation (the file is read by store/config_file.py)
    clean        making text safe to store: NFC, no control characters, bounded length
    tokens       search tokens, stems, keywords (CJK included)
    redact       secrets out before anything is stored: the catalogue, context rules, cards, wrapped keys
    cards        payment card numbers in text (13–19 Luhn-valid digits, any separator): the redactor's last step
    spoken_secrets  credentials said in plain speech (wifi passwords, codes, PINs, logins, ids) and masked keys
    national_ids IBANs and national ids found by their check digits, with no label
    secret_rules gitleaks' rule catalogue as data (MIT, see LICENSES/gitleaks.txt)
    similarity   "says the same thing", for encoding and consolidation (distinguishers keep facts apart)
    facts        whether a new statement updates (supersedes) an earlier one
    inheritance  the key words an update takes over from the statements it supersedes
    restatements a value said anew by its kind (ages, measures, days, moves, renames), and which memory it means
    claims       a statement parsed for that: its frame, subject, cues and the value it leaves behind
    slots        what a holder has one value of at a time (home, age, name, a measure)
    verdicts     what an optional judge (an LLM) may decide where those rules are unsure, validated
    junk         what is never stored, and what is never core
    concise      the fact a message states, without greeting or instruction
    languages    the supported languages' trigger phrases, one table per intent
    scoring      which messages are worth remembering, and how much
    personal     whether a short statement is a personal fact (first person, a person named, a dropped subject)
    smalltalk    greetings, thanks, remarks and tasks for the assistant, in the supported languages
    vscore       the humanoid V-score gate (optional)
    capture      a message becomes a clean, redacted, scored signal
    encode       signals become memories or reinforce existing ones
    consolidate  merging near-duplicates
    ranking      recall's weighted score
    dates        the days a question's date words name, and the boost of memories said on them
    fusion       hybrid relevance: BM25 and embedding similarity, each against a reference, weighted
    evidence     whether a recalled memory is about the message at all (the block abstains otherwise), and how
                 many strays a question may risk (twice for one in the first person)
    import_formats  the foreign files `import` reads
"""

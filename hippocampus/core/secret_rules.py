"""The secret rule catalogue, as data: gitleaks' default rules, compiled to Python `re` syntax.

Source: gitleaks `config/gitleaks.toml` (https://github.com/gitleaks/gitleaks, commit 009e025a),
Copyright (c) 2019 Zachary Rice, MIT licence (the notice is in `LICENSES/gitleaks.txt`). Each rule
keeps its gitleaks id, keywords (a cheap pre-filter: a rule is compiled and run only when one of its
keywords is in the lowercased text) and entropy floor (a match whose secret has less Shannon entropy
is not a secret). Changes made in the compilation, all mechanical:

- Go's mid-pattern `(?i)` becomes a scoped `(?i:…)` group (Python allows flags only at the start);
  `\\z` becomes `\\Z`; patterns run with `re.ASCII`, so `\\w`, `\\b` and `\\s` mean what they mean in Go.
- The "semi-generic" rules (an identifier, an assignment, a value) are written as their identifier and
  value and expanded with gitleaks' own template (`semi_generic`, from its `GenerateSemiGenericRegex`),
  without its unanchored `[\\w.-]{0,50}?` lead, which never changes what is redacted.
- Gitleaks' closing group `(?:[\\x60'"\\s;]|\\\\[nr]|$)` (a secret must be followed by a quote, a space or
  the end) becomes the look-ahead `END` (not followed by another token character), so a secret at the
  end of a sentence or before CJK punctuation is found too.
- Left out, because they are about files and not text: rules bound to a path (`freemius-secret-key`,
  `hashicorp-tf-password`, `kubernetes-secret-yaml`, `nuget-config-password`, `pkcs12-file`);
  `generic-api-key` and `curl-auth-header` are covered by `core.redact`'s own context rules, which also
  read prose. The vault `s.` form requires a digit, which is what its allowlist (`s\\.[A-Za-z]{24}`) means.

To update: read the new gitleaks.toml and apply the same rules (one entry per `[[rules]]`).
"""

from __future__ import annotations

END = r"(?![\w+/=-])"
_ASSIGN = r"(?:[ \t\w.-]{0,20})[\s'\"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'\"\s=]{0,5}"


def semi_generic(identifiers: str, secret: str) -> str:
    """Gitleaks' semi-generic rule: `identifier … = secret` (case-insensitive), the secret in group 1."""
    return rf"(?i)(?:{identifiers}){_ASSIGN}({secret}){END}"


_SEMI: tuple[tuple[str, str, str, float], ...] = (
    # (id, identifiers, secret, entropy); keywords are the identifiers' words
    ("adafruit-api-key", "adafruit", r"[a-z0-9_-]{32}", 0),
    ("adobe-client-id", "adobe", r"[a-f0-9]{32}", 2),
    ("airtable-api-key", "airtable", r"[a-z0-9]{17}", 0),
    ("algolia-api-key", "algolia", r"[a-z0-9]{32}", 0),
    ("alibaba-secret-key", "alibaba", r"[a-z0-9]{30}", 2),
    ("asana-client-id", "asana", r"[0-9]{16}", 0),
    ("asana-client-secret", "asana", r"[a-z0-9]{32}", 0),
    ("atlassian-api-token", "atlassian|confluence|jira", r"[a-z0-9]{20}[a-f0-9]{4}", 3.5),
    ("beamer-api-token", "beamer", r"b_[a-z0-9=_\-]{44}", 0),
    ("bitbucket-client-id", "bitbucket", r"[a-z0-9]{32}", 0),
    ("bitbucket-client-secret", "bitbucket", r"[a-z0-9=_\-]{64}", 0),
    ("bittrex-access-key", "bittrex", r"[a-z0-9]{32}", 0),
    ("cisco-meraki-api-key", "meraki", r"[0-9a-f]{40}", 3),
    ("cloudflare-api-key", "cloudflare", r"[a-z0-9_-]{40}", 2),
    ("cloudflare-global-api-key", "cloudflare", r"[a-f0-9]{37}", 2),
    ("codecov-access-token", "codecov", r"[a-z0-9]{32}", 0),
    ("cohere-api-token", "cohere|co_api_key", r"[a-zA-Z0-9]{40}", 4),
    ("coinbase-access-token", "coinbase", r"[a-z0-9_-]{64}", 0),
    ("confluent-access-token", "confluent", r"[a-z0-9]{16}", 0),
    ("confluent-secret-key", "confluent", r"[a-z0-9]{64}", 0),
    ("contentful-delivery-api-token", "contentful", r"[a-z0-9=_\-]{43}", 0),
    ("database-password", r"db_passw(?:or)?d|database_passw(?:or)?d|pwd", r"[a-zA-Z0-9:;<@=},!$?^]{1,100}", 0),
    ("datadog-access-token", "datadog", r"[a-z0-9]{40}", 0),
    ("defined-networking-api-token", "dnkey", r"dnkey-[a-z0-9=_\-]{26}-[a-z0-9=_\-]{52}", 0),
    ("discord-api-token", "discord", r"[a-f0-9]{64}", 0),
    ("discord-client-id", "discord", r"[0-9]{18}", 2),
    ("discord-client-secret", "discord", r"[a-z0-9=_\-]{32}", 2),
    ("droneci-access-token", "droneci", r"[a-z0-9]{32}", 0),
    ("dropbox-api-token", "dropbox", r"[a-z0-9]{15}", 0),
    ("dropbox-long-lived-api-token", "dropbox", r"[a-z0-9]{11}(?:AAAAAAAAAA)[a-z0-9\-_=]{43}", 0),
    ("dropbox-short-lived-api-token", "dropbox", r"sl\.[a-z0-9\-=_]{135}", 0),
    ("etsy-access-token", "etsy", r"[a-z0-9]{24}", 3),
    ("facebook-secret", "facebook", r"[a-f0-9]{32}", 3),
    ("fastly-api-token", "fastly", r"[a-z0-9=_\-]{32}", 0),
    ("finicity-api-token", "finicity", r"[a-f0-9]{32}", 0),
    ("finicity-client-secret", "finicity", r"[a-z0-9]{20}", 0),
    ("finnhub-access-token", "finnhub", r"[a-z0-9]{20}", 0),
    ("flickr-access-token", "flickr", r"[a-z0-9]{32}", 0),
    ("freshbooks-access-token", "freshbooks", r"[a-z0-9]{64}", 0),
    ("gitter-access-token", "gitter", r"[a-z0-9_-]{40}", 0),
    ("gocardless-api-token", "gocardless", r"live_[a-z0-9\-_=]{40}", 0),
    ("heroku-api-key", "heroku", r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 0),
    ("hubspot-api-key", "hubspot", r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 0),
    ("intercom-api-key", "intercom", r"[a-z0-9=_\-]{60}", 0),
    ("jfrog-api-key", "jfrog|artifactory|bintray|xray", r"[a-z0-9]{73}", 0),
    ("jfrog-identity-token", "jfrog|artifactory|bintray|xray", r"[a-z0-9]{64}", 0),
    ("kraken-access-token", "kraken", r"[a-z0-9\/=_\+\-]{80,90}", 0),
    ("kucoin-access-token", "kucoin", r"[a-f0-9]{24}", 0),
    ("kucoin-secret-key", "kucoin", r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 0),
    ("launchdarkly-access-token", "launchdarkly", r"[a-z0-9=_\-]{40}", 0),
    ("linear-client-secret", "linear", r"[a-f0-9]{32}", 2),
    ("linkedin-client-id", "linked[_-]?in", r"[a-z0-9]{14}", 2),
    ("linkedin-client-secret", "linked[_-]?in", r"[a-z0-9]{16}", 2),
    ("lob-api-key", "lob", r"(?:live|test)_[a-f0-9]{35}", 0),
    ("lob-pub-api-key", "lob", r"(?:test|live)_pub_[a-f0-9]{31}", 0),
    ("mailchimp-api-key", r"mailchimpsdk\.initialize|mailchimp", r"[a-f0-9]{32}-us\d\d", 0),
    ("mailgun-private-api-token", "mailgun", r"key-[a-f0-9]{32}", 0),
    ("mailgun-pub-key", "mailgun", r"pubkey-[a-f0-9]{32}", 0),
    ("mailgun-signing-key", "mailgun", r"[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}", 0),
    ("mapbox-api-token", "mapbox", r"pk\.[a-z0-9]{60}\.[a-z0-9]{22}", 0),
    ("mattermost-access-token", "mattermost", r"[a-z0-9]{26}", 0),
    ("messagebird-api-token", "message[_-]?bird", r"[a-z0-9]{25}", 0),
    ("messagebird-client-id", "message[_-]?bird", r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 0),
    ("netlify-access-token", "netlify", r"[a-z0-9=_\-]{40,46}", 0),
    ("new-relic-browser-api-token", "new-relic|newrelic|new_relic", r"NRJS-[a-f0-9]{19}", 0),
    ("new-relic-insert-key", "new-relic|newrelic|new_relic", r"NRII-[a-z0-9-]{32}", 0),
    ("new-relic-user-api-id", "new-relic|newrelic|new_relic", r"[a-z0-9]{64}", 0),
    ("new-relic-user-api-key", "new-relic|newrelic|new_relic", r"NRAK-[a-z0-9]{27}", 0),
    ("nytimes-access-token", "nytimes|new-york-times,|newyorktimes", r"[a-z0-9=_\-]{32}", 0),
    ("okta-access-token", "okta", r"00[\w=\-]{40}", 4),
    (
        "plaid-api-token",
        "plaid",
        r"access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
        0,
    ),
    ("plaid-client-id", "plaid", r"[a-z0-9]{24}", 3.5),
    ("plaid-secret-key", "plaid", r"[a-z0-9]{30}", 3.5),
    ("privateai-api-token", "private[_-]?ai", r"[a-z0-9]{32}", 3),
    ("rapidapi-access-token", "rapidapi", r"[a-z0-9_-]{50}", 0),
    ("sendbird-access-id", "sendbird", r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 0),
    ("sendbird-access-token", "sendbird", r"[a-f0-9]{40}", 0),
    ("sentry-access-token", "sentry", r"[a-f0-9]{64}", 3),
    (
        "sidekiq-secret",
        "bundle_enterprise__contribsys__com|bundle_gems__contribsys__com",
        r"[a-f0-9]{8}:[a-f0-9]{8}",
        0,
    ),
    (
        "snyk-api-token",
        r"snyk[_.-]?(?:(?:api|oauth)[_.-]?)?(?:key|token)",
        r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
        0,
    ),
    ("sonar-api-token", r"sonar[_.-]?(?:login|token)", r"[a-z0-9=_\-]{40}", 0),
    ("squarespace-access-token", "squarespace", r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 0),
    ("sumologic-access-id", "sumo", r"su[a-zA-Z0-9]{12}", 3),
    ("sumologic-access-token", "sumo", r"[a-z0-9]{64}", 3),
    ("telegram-bot-api-token", "telegr", r"[0-9]{5,16}:(?-i:A)[a-z0-9_\-]{34}", 0),
    ("travisci-access-token", "travis", r"[a-z0-9]{22}", 0),
    ("twitch-api-token", "twitch", r"[a-z0-9]{30}", 0),
    ("twitter-access-secret", "twitter", r"[a-z0-9]{45}", 0),
    ("twitter-access-token", "twitter", r"[0-9]{15,25}-[a-zA-Z0-9]{20,40}", 0),
    ("twitter-api-key", "twitter", r"[a-z0-9]{25}", 0),
    ("twitter-api-secret", "twitter", r"[a-z0-9]{50}", 0),
    ("twitter-bearer-token", "twitter", r"A{22}[a-zA-Z0-9%]{80,100}", 0),
    ("typeform-api-token", "typeform", r"tfp_[a-z0-9\-_\.=]{59}", 0),
    ("yandex-access-token", "yandex", r"t1\.[A-Z0-9a-z_-]+[=]{0,2}\.[A-Z0-9a-z_-]{86}[=]{0,2}", 0),
    ("yandex-api-key", "yandex", r"AQVN[A-Za-z0-9_\-]{35,38}", 0),
    ("yandex-aws-access-token", "yandex", r"YC[a-zA-Z0-9_\-]{38}", 0),
)

_UNIQUE: tuple[tuple[str, tuple[str, ...], str, float], ...] = (
    # (id, keywords, pattern: the secret is group 1 when there is one, else the whole match, entropy)
    (
        "1password-secret-key",
        ("a3-",),
        r"\bA3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}\b",
        3.8,
    ),
    ("1password-service-account-token", ("ops_",), r"ops_eyJ[a-zA-Z0-9+/]{250,}={0,3}", 4),
    ("adobe-client-secret", ("p8e-",), rf"\b(p8e-(?i:[a-z0-9]{{32}})){END}", 2),
    ("age-secret-key", ("age-secret-key-1",), r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", 0),
    ("alibaba-access-key-id", ("ltai",), rf"\b(LTAI(?i:[a-z0-9]{{20}})){END}", 2),
    ("anthropic-admin-api-key", ("sk-ant-admin01",), rf"\b(sk-ant-admin01-[a-zA-Z0-9_\-]{{93}}AA){END}", 0),
    ("anthropic-api-key", ("sk-ant-api03",), rf"\b(sk-ant-api03-[a-zA-Z0-9_\-]{{93}}AA){END}", 0),
    ("artifactory-api-key", ("akcp",), r"\bAKCp[A-Za-z0-9]{69}\b", 4.5),
    ("artifactory-reference-token", ("cmvmd",), r"\bcmVmd[A-Za-z0-9]{59}\b", 4.5),
    ("atlassian-api-token", ("atatt3",), rf"\b(ATATT3[A-Za-z0-9_\-=]{{186}}){END}", 3.5),
    (
        "authress-service-client-access-key",
        ("sc_", "ext_", "scauth_", "authress_"),
        rf"\b((?:sc|ext|scauth|authress)_(?i:[a-z0-9]{{5,30}}\.[a-z0-9]{{4,6}}\.(?-i:acc)[_-][a-z0-9-]{{10,32}}\.[a-z0-9+/_=-]{{30,120}})){END}",
        2,
    ),
    (
        "aws-access-token",
        ("a3t", "akia", "asia", "abia", "acca"),
        r"\b((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b",
        3,
    ),
    (
        "azure-ad-client-secret",
        ("q~",),
        r"(?:^|[\\'\"\x60\s>=:(,)])([a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34})(?:$|[\\'\"\x60\s<),])",
        3,
    ),
    ("clickhouse-cloud-api-secret-key", ("4b1d",), r"\b(4b1d[A-Za-z0-9]{38})\b", 3),
    ("clojars-api-token", ("clojars_",), r"(?i)CLOJARS_[a-z0-9]{60}", 2),
    ("cloudflare-origin-ca-key", ("cloudflare", "v1.0-"), rf"\b(v1\.0-[a-f0-9]{{24}}-[a-f0-9]{{146}}){END}", 2),
    (
        "curl-auth-user",
        ("curl",),
        r"\bcurl\b.*?[ \t](?:-u|--user)(?:=|[ \t]{0,5})(\"(?::[^\"]{3,}|[^:\"]{3,}:|[^:\"]{3,}:[^\"]{3,})\"|'[^:']{3,}:[^']{3,}'|(?:\"[^\"]{3,}\"|'[^']{3,}'|[\w$@.-]+):(?:\"[^\"]{3,}\"|'[^']{3,}'|[\w${}@.-]+))(?:\s|\Z)",
        2,
    ),
    ("databricks-api-token", ("dapi",), rf"\b(dapi[a-f0-9]{{32}}(?:-\d)?){END}", 3),
    ("digitalocean-access-token", ("doo_v1_",), rf"\b(doo_v1_[a-f0-9]{{64}}){END}", 3),
    ("digitalocean-pat", ("dop_v1_",), rf"\b(dop_v1_[a-f0-9]{{64}}){END}", 3),
    ("digitalocean-refresh-token", ("dor_v1_",), rf"(?i)\b(dor_v1_[a-f0-9]{{64}}){END}", 0),
    ("doppler-api-token", ("dp.pt.",), r"dp\.pt\.(?i:[a-z0-9]{43})", 2),
    ("duffel-api-token", ("duffel_",), r"duffel_(?:test|live)_(?i:[a-z0-9_\-=]{43})", 2),
    ("dynatrace-api-token", ("dt0c01.",), r"dt0c01\.(?i:[a-z0-9]{24}\.[a-z0-9]{64})", 4),
    ("easypost-api-token", ("ezak",), r"\bEZAK(?i:[a-z0-9]{54})\b", 2),
    ("easypost-test-api-token", ("eztk",), r"\bEZTK(?i:[a-z0-9]{54})\b", 2),
    ("facebook-access-token", ("facebook",), rf"(?i)\b(\d{{15,16}}(?:\||%)[0-9a-z\-_]{{27,40}}){END}", 3),
    ("facebook-page-access-token", ("eaam", "eaac"), rf"\b(EAA[MC](?i:[a-z0-9]{{100,}})){END}", 4),
    ("flutterwave-encryption-key", ("flwseck_test",), r"FLWSECK_TEST-(?i:[a-h0-9]{12})", 2),
    ("flutterwave-public-key", ("flwpubk_test",), r"FLWPUBK_TEST-(?i:[a-h0-9]{32})-X", 2),
    ("flutterwave-secret-key", ("flwseck_test",), r"FLWSECK_TEST-(?i:[a-h0-9]{32})-X", 2),
    (
        "flyio-access-token",
        ("fo1_", "fm1", "fm2_"),
        rf"\b((?:fo1_[\w-]{{43}}|fm1[ar]_[a-zA-Z0-9+/]{{100,}}={{0,3}}|fm2_[a-zA-Z0-9+/]{{100,}}={{0,3}})){END}",
        4,
    ),
    ("frameio-api-token", ("fio-u-",), r"fio-u-(?i:[a-z0-9\-_=]{64})", 0),
    ("gcp-api-key", ("aiza",), rf"\b(AIza[\w-]{{35}}){END}", 4),
    ("github-app-token", ("ghu_", "ghs_"), r"(?:ghu|ghs)_[0-9a-zA-Z]{36}", 3),
    ("github-fine-grained-pat", ("github_pat_",), r"github_pat_\w{82}", 3),
    ("github-oauth", ("gho_",), r"gho_[0-9a-zA-Z]{36}", 3),
    ("github-pat", ("ghp_",), r"ghp_[0-9a-zA-Z]{36}", 3),
    ("github-refresh-token", ("ghr_",), r"ghr_[0-9a-zA-Z]{36}", 3),
    ("gitlab-cicd-job-token", ("glcbt-",), r"glcbt-[0-9a-zA-Z]{1,5}_[0-9a-zA-Z_-]{20}", 3),
    ("gitlab-deploy-token", ("gldt-",), r"gldt-[0-9a-zA-Z_\-]{20}", 3),
    ("gitlab-feature-flag-client-token", ("glffct-",), r"glffct-[0-9a-zA-Z_\-]{20}", 3),
    ("gitlab-feed-token", ("glft-",), r"glft-[0-9a-zA-Z_\-]{20}", 3),
    ("gitlab-incoming-mail-token", ("glimt-",), r"glimt-[0-9a-zA-Z_\-]{25}", 3),
    ("gitlab-kubernetes-agent-token", ("glagent-",), r"glagent-[0-9a-zA-Z_\-]{50}", 3),
    ("gitlab-oauth-app-secret", ("gloas-",), r"gloas-[0-9a-zA-Z_\-]{64}", 3),
    ("gitlab-pat", ("glpat-",), r"glpat-[\w-]{20}", 3),
    ("gitlab-pat-routable", ("glpat-",), r"\bglpat-[0-9a-zA-Z_-]{27,300}\.[0-9a-z]{2}[0-9a-z]{7}\b", 4),
    ("gitlab-ptt", ("glptt-",), r"glptt-[0-9a-f]{40}", 3),
    ("gitlab-rrt", ("gr1348941",), r"GR1348941[\w-]{20}", 3),
    ("gitlab-runner-authentication-token", ("glrt-",), r"glrt-[0-9a-zA-Z_\-]{20}", 3),
    (
        "gitlab-runner-authentication-token-routable",
        ("glrt-",),
        r"\bglrt-t\d_[0-9a-zA-Z_\-]{27,300}\.[0-9a-z]{2}[0-9a-z]{7}\b",
        4,
    ),
    ("gitlab-scim-token", ("glsoat-",), r"glsoat-[0-9a-zA-Z_\-]{20}", 3),
    ("gitlab-session-cookie", ("_gitlab_session=",), r"_gitlab_session=([0-9a-z]{32})", 3),
    ("grafana-api-key", ("eyjrijoi",), rf"(?i)\b(eyJrIjoi[A-Za-z0-9]{{70,400}}={{0,3}}){END}", 3),
    ("grafana-cloud-api-token", ("glc_",), rf"(?i)\b(glc_[A-Za-z0-9+/]{{32,400}}={{0,3}}){END}", 3),
    ("grafana-service-account-token", ("glsa_",), rf"(?i)\b(glsa_[A-Za-z0-9]{{32}}_[A-Fa-f0-9]{{8}}){END}", 3),
    ("harness-api-key", ("pat.", "sat."), r"(?:pat|sat)\.[a-zA-Z0-9_-]{22}\.[a-zA-Z0-9]{24}\.[a-zA-Z0-9]{20}", 0),
    ("hashicorp-tf-api-token", ("atlasv1",), r"(?i)[a-z0-9]{14}\.(?-i:atlasv1)\.[a-z0-9\-_=]{60,70}", 3.5),
    ("heroku-api-key-v2", ("hrku-aa",), rf"\b(HRKU-AA[0-9a-zA-Z_-]{{58}}){END}", 4),
    ("huggingface-access-token", ("hf_",), rf"\b(hf_(?i:[a-z]{{34}})){END}", 2),
    ("huggingface-organization-api-token", ("api_org_",), rf"\b(api_org_(?i:[a-z]{{34}})){END}", 2),
    ("infracost-api-token", ("ico-",), rf"\b(ico-[a-zA-Z0-9]{{32}}){END}", 3),
    (
        "intra42-client-secret",
        ("intra", "s-s4t2ud-", "s-s4t2af-"),
        rf"\b(s-s4t2(?:ud|af)-(?i:[abcdef0123456789]{{64}})){END}",
        3,
    ),
    (
        "jwt",
        ("ey",),
        rf"\b(ey[a-zA-Z0-9]{{17,}}\.ey[a-zA-Z0-9/\\_-]{{17,}}\.(?:[a-zA-Z0-9/\\_-]{{10,}}={{0,2}})?){END}",
        3,
    ),
    ("linear-api-key", ("lin_api_",), r"lin_api_(?i:[a-z0-9]{40})", 2),
    ("maxmind-license-key", ("_mmk",), rf"\b([A-Za-z0-9]{{6}}_[A-Za-z0-9]{{29}}_mmk){END}", 4),
    (
        "microsoft-teams-webhook",
        ("webhook.office.com", "webhookb2", "incomingwebhook"),
        r"https://[a-z0-9]+\.webhook\.office\.com/webhookb2/[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}@[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}",
        0,
    ),
    ("notion-api-token", ("ntn_",), rf"\b(ntn_[0-9]{{11}}[A-Za-z0-9]{{32}}[A-Za-z0-9]{{3}}){END}", 4),
    ("npm-access-token", ("npm_",), rf"(?i)\b(npm_[a-z0-9]{{36}}){END}", 2),
    ("octopus-deploy-api-key", ("api-",), rf"\b(API-[A-Z0-9]{{26}}){END}", 3),
    (
        "openai-api-key",
        ("t3blbkfj",),
        rf"\b(sk-(?:proj|svcacct|admin)-(?:[A-Za-z0-9_-]{{74}}|[A-Za-z0-9_-]{{58}})T3BlbkFJ(?:[A-Za-z0-9_-]{{74}}|[A-Za-z0-9_-]{{58}})\b|sk-[a-zA-Z0-9]{{20}}T3BlbkFJ[a-zA-Z0-9]{{20}}){END}",
        3,
    ),
    ("openshift-user-token", ("sha256~",), r"\b(sha256~[\w-]{43})(?:[^\w-]|\Z)", 3.5),
    ("perplexity-api-key", ("pplx-",), r"\b(pplx-[a-zA-Z0-9]{48})\b", 4),
    ("planetscale-api-token", ("pscale_tkn_",), rf"\b(pscale_tkn_(?i:[\w=.-]{{32,64}})){END}", 3),
    ("planetscale-oauth-token", ("pscale_oauth_",), rf"\b(pscale_oauth_[\w=.-]{{32,64}}){END}", 3),
    ("planetscale-password", ("pscale_pw_",), rf"(?i)\b(pscale_pw_[\w=.-]{{32,64}}){END}", 3),
    ("postman-api-token", ("pmak-",), rf"\b(PMAK-(?i:[a-f0-9]{{24}}-[a-f0-9]{{34}})){END}", 3),
    ("prefect-api-token", ("pnu_",), rf"\b(pnu_[a-zA-Z0-9]{{36}}){END}", 2),
    (
        "private-key",
        ("-----begin",),
        r"(?i)-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S-]{64,}?KEY(?: BLOCK)?-----",
        0,
    ),
    ("pulumi-api-token", ("pul-",), rf"\b(pul-[a-f0-9]{{40}}){END}", 2),
    ("pypi-upload-token", ("pypi-ageichlwas5vcmc",), r"pypi-AgEIcHlwaS5vcmc[\w-]{50,1000}", 3),
    ("readme-api-token", ("rdme_",), rf"\b(rdme_[a-z0-9]{{70}}){END}", 2),
    ("rubygems-api-token", ("rubygems_",), rf"\b(rubygems_[a-f0-9]{{48}}){END}", 2),
    ("scalingo-api-token", ("tk-us-",), rf"\b(tk-us-[\w-]{{48}}){END}", 2),
    ("sendgrid-api-token", ("sg.",), rf"\b(SG\.(?i:[a-z0-9=_\-.]{{66}})){END}", 2),
    ("sendinblue-api-token", ("xkeysib-",), rf"\b(xkeysib-[a-f0-9]{{64}}-(?i:[a-z0-9]{{16}})){END}", 2),
    (
        "sentry-org-token",
        ("sntrys_eyjpyxqio",),
        r"\bsntrys_eyJpYXQiO[a-zA-Z0-9+/]{10,200}(?:LCJyZWdpb25fdXJs|InJlZ2lvbl91cmwi|cmVnaW9uX3VybCI6)[a-zA-Z0-9+/]{10,200}={0,2}_[a-zA-Z0-9+/]{43}(?:[^a-zA-Z0-9+/]|\Z)",
        4.5,
    ),
    ("sentry-user-token", ("sntryu_",), rf"\b(sntryu_[a-f0-9]{{64}}){END}", 3.5),
    ("settlemint-application-access-token", ("sm_aat",), rf"\b(sm_aat_[a-zA-Z0-9]{{16}}){END}", 3),
    ("settlemint-personal-access-token", ("sm_pat",), rf"\b(sm_pat_[a-zA-Z0-9]{{16}}){END}", 3),
    ("settlemint-service-access-token", ("sm_sat",), rf"\b(sm_sat_[a-zA-Z0-9]{{16}}){END}", 3),
    ("shippo-api-token", ("shippo_",), rf"\b(shippo_(?:live|test)_[a-fA-F0-9]{{40}}){END}", 2),
    ("shopify-access-token", ("shpat_",), r"shpat_[a-fA-F0-9]{32}", 2),
    ("shopify-custom-access-token", ("shpca_",), r"shpca_[a-fA-F0-9]{32}", 2),
    ("shopify-private-app-access-token", ("shppa_",), r"shppa_[a-fA-F0-9]{32}", 2),
    ("shopify-shared-secret", ("shpss_",), r"shpss_[a-fA-F0-9]{32}", 2),
    (
        "sidekiq-sensitive-url",
        ("gems.contribsys.com", "enterprise.contribsys.com"),
        r"(?i)\bhttps?://([a-f0-9]{8}:[a-f0-9]{8})@(?:gems.contribsys.com|enterprise.contribsys.com)(?:[/|#?:]|$)",
        0,
    ),
    ("slack-app-token", ("xapp",), r"(?i)xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+", 2),
    ("slack-bot-token", ("xoxb",), r"xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]*", 3),
    ("slack-config-access-token", ("xoxe.xoxb-", "xoxe.xoxp-"), r"(?i)xoxe.xox[bp]-\d-[A-Z0-9]{163,166}", 2),
    ("slack-config-refresh-token", ("xoxe-",), r"(?i)xoxe-\d-[A-Z0-9]{146}", 2),
    ("slack-legacy-bot-token", ("xoxb",), r"xoxb-[0-9]{8,14}-[a-zA-Z0-9]{18,26}", 2),
    ("slack-legacy-token", ("xoxo", "xoxs"), r"xox[os]-\d+-\d+-\d+-[a-fA-F\d]+", 2),
    ("slack-legacy-workspace-token", ("xoxa", "xoxr"), r"xox[ar]-(?:\d-)?[0-9a-zA-Z]{8,48}", 2),
    ("slack-user-token", ("xoxp-", "xoxe-"), r"xox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}", 2),
    (
        "slack-webhook-url",
        ("hooks.slack.com",),
        r"(?:https?://)?hooks.slack.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,56}",
        0,
    ),
    (
        "sourcegraph-access-token",
        ("sgp_", "sourcegraph"),
        rf"(?i)\b(\b(?:sgp_(?:[a-fA-F0-9]{{16}}|local)_[a-fA-F0-9]{{40}}|sgp_[a-fA-F0-9]{{40}}|[a-fA-F0-9]{{40}})\b){END}",
        3,
    ),
    ("square-access-token", ("sq0atp-", "eaaa"), rf"\b((?:EAAA|sq0atp-)[\w-]{{22,60}}){END}", 2),
    (
        "stripe-access-token",
        ("sk_test", "sk_live", "sk_prod", "rk_test", "rk_live", "rk_prod"),
        rf"\b((?:sk|rk)_(?:test|live|prod)_[a-zA-Z0-9]{{10,99}}){END}",
        2,
    ),
    ("twilio-api-key", ("sk",), r"SK[0-9a-fA-F]{32}", 3),
    ("vault-batch-token", ("hvb.",), rf"\b(hvb\.[\w-]{{138,300}}){END}", 4),
    (
        "vault-service-token",
        ("hvs.", "s."),
        rf"\b((?:hvs\.[\w-]{{90,120}}|s\.(?=[A-Za-z]*\d)(?i:[a-z0-9]{{24}}))){END}",
        3.5,
    ),
    ("zendesk-secret-key", ("zendesk",), semi_generic("zendesk", r"[a-z0-9]{40}"), 0),
)


def catalogue() -> tuple[tuple[str, tuple[str, ...], str, float], ...]:
    """Every rule as (id, keywords, pattern, entropy floor)."""
    semi = tuple(
        (i, tuple(w.lower() for w in _words(idents)), semi_generic(idents, secret), e) for i, idents, secret, e in _SEMI
    )
    return semi + _UNIQUE


def _words(identifiers: str) -> list[str]:
    """The literal keywords of an identifier alternation (`linked[_-]?in` -> linkedin, linked_in, linked-in)."""
    out: list[str] = []
    for part in identifiers.split("|"):
        if "[_-]?" in part or "[_.-]?" in part:
            head, _, tail = part.replace("[_.-]?", "[_-]?").partition("[_-]?")
            tail = tail.split("(")[0].split("[")[0]
            out += [head + tail, head + "_" + tail, head + "-" + tail]
        else:
            out.append(part.split("(")[0].split("\\")[0].split("[")[0].rstrip(","))
    return [w for w in out if w]

"""The optional LLM features, against an OpenAI-compatible endpoint the user configures.

client     the endpoint: chat, embeddings, the judge's questions (standard library HTTP, 127.0.0.1 or https)
judging    the judge asked before encoding's write transaction, and its answers replayed inside it
summaries  `pending`, `revise` and `summarize`
reflection reflection's two questions to a model (salient questions, insights citing ids) and their parsing
"""

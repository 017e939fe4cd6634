"""The brain dashboard: one self-contained offline HTML page of memories, decay and activity.

    view     the pure view model of the store at `now`
    page     rendering the view into HTML (jinja2, templates/)
    history  where a memory came from (channel, agent, date) and what happened to it
    charts   the inline SVG charts
    sisters  the amygdala and VTA sister skills' panels
    sources  reading IDENTITY.md, the avatar and the sister skills' state files

`views.write_dashboard` is the shell that reads the store and writes the page.
"""

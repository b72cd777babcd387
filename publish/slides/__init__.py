"""A lesson as a deck of slides for a classroom: one self-contained HTML file per lesson,
presented with reveal.js (vendored in publish/defaults/assets/reveal/), made from the cells the
site shows (publish.cells) with nothing folded: the slides' order holds back what the pages
fold. `pieces` cuts the cells into what a slide holds, `layout` packs them into slides of
1280×720, `deck` writes the HTML, and `command` the folder of decks."""

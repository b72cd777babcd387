"""Whether an explorer's sliders leave room for a mouse: a track wide enough, and wide enough
for each of its steps."""

from kasif.ortak import ADIM_EN_AZ as MIN_STEP, IZ_EN_AZ as MIN_TRACK

# Every slider in the page: its description, the width of its track (noUiSlider's target) in
# px, and its steps, from noUiSlider's own range and step.
SLIDERS = """() => [...document.querySelectorAll('.widget-slider')].map(slider => {
  const track = slider.querySelector('.noUi-target');
  const options = track && track.noUiSlider ? track.noUiSlider.options : null;
  const steps = options
    ? Math.round((options.range.max - options.range.min) / options.step) : null;
  const label = slider.querySelector('.widget-label');
  return {description: (label && label.textContent) || slider.title
            || '(a slider without a description)',
          width: track ? track.getBoundingClientRect().width : 0, steps};
})"""


def sliders(page) -> list[dict]:
    """Every slider in the page: `description`, `width` (px) and `steps`."""
    return page.evaluate(SLIDERS)


def squeezed(page) -> list[str]:
    """The descriptions of the sliders whose track is under MIN_TRACK px, or under MIN_STEP px
    a step."""
    return [slider["description"] for slider in sliders(page)
            if slider["steps"] is None or slider["width"] < MIN_TRACK
            or slider["width"] < MIN_STEP * slider["steps"]]

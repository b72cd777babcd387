"""The test each kernel family's constructors share: a table of calls they refuse."""

from collections.abc import Callable

import pytest

# a call as written -> (the call, the error it raises, its sentence, word for word)
Refusals = dict[str, tuple[Callable[[], object], type[Exception], str]]


def refusal_test(refused: Refusals) -> Callable[[str], None]:
    """A test, one case a call: the call raises its error with exactly its sentence."""
    @pytest.mark.parametrize("call", refused)
    def test_a_constructor_refuses_what_it_cannot_mean_in_a_sentence_naming_the_parameter(
            call: str) -> None:
        make, error, sentence = refused[call]
        with pytest.raises(error) as raised:
            make()
        assert str(raised.value) == sentence
    return test_a_constructor_refuses_what_it_cannot_mean_in_a_sentence_naming_the_parameter

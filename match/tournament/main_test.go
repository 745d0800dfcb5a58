package tournament

import (
	"testing"

	"github.com/elolab/elolab/match/enginetest"
)

var testEngine string

func TestMain(m *testing.M) { enginetest.Main(m, &testEngine) }

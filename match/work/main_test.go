package work

import (
	"fmt"
	"os"
	"testing"

	"github.com/elolab/elolab/match/enginetest"
)

var testEngine string

func TestMain(m *testing.M) {
	bin, err := enginetest.BuildShared()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testEngine = bin
	code := m.Run()
	enginetest.RemoveShared()
	os.Exit(code)
}

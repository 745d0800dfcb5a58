package search

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	Register()
	os.Exit(m.Run())
}

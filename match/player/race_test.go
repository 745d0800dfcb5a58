//go:build race

package player

const raceEnabled = true

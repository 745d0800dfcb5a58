// Package params owns labrat's parameter registry: definitions, per-engine
// values, UCI options, YAML, SPSA export.
//
// # Definitions
//
// Every search and evaluation constant of labrat is a named, bounded
// parameter. A feature declares its parameters as package-level variables in
// the file that uses them, so that the hot path reads them through fixed
// *Def pointers:
//
//	var futilityMargin = params.Int("futility.margin", 125, 0, 1000, 10, "search", "frontier futility margin (cp)")
//	var nullMove = params.Bool("nullmove.enabled", true, "search", "null-move pruning")
//	var futilityStyle = params.Enum("futility.style", "chessprogramming",
//		[]string{"micromax", "moonfish", "chessprogramming"}, "search", "futility pruning style")
//
// Names are dotted and lower case ("futility.margin"); lookups by name are
// case-insensitive because UCI GUIs change case. Mistakes in a definition
// (duplicate name, default outside [min, max], min >= max, bad characters, an
// enum default that is not one of its choices, an empty doc) panic at
// registration, so any test that loads the declaring package catches them.
//
// # Registration
//
// A program makes the declared parameters usable by an explicit call:
// search.Register() for all of labrat (it registers the evaluation's too).
// Each declaring package's Register calls [Publish]; until something is
// published, [NewValues], [LoadYAML], [All], [Lookup], [Select] and
// [UCIOptionLines] panic, so a program that forgot the call fails at its
// first use of the registry instead of running without some parameters.
// Register is idempotent and safe for concurrent use.
//
// # Values
//
// A [Values] holds one engine instance's settings; two configurations can live
// in one process. Reads ([Values.Int], [Values.Bool], [Values.Get],
// [Values.EnumIndex]) are O(1) slice reads that never allocate, fit for the
// search's hot path. Writes are range-checked and their errors name the
// parameter and its range.
//
// # UCI
//
// [UCIOptionLines] prints one "option name … type spin|check|combo …" line per
// parameter, and [Values.SetUCI] applies a "setoption name X value Y" with the
// same validation as [Values.Set].
//
// # YAML
//
// Parameter sets are flat YAML maps keyed by the dotted names, the same keys
// the experiment files use:
//
//	futility.margin: 100
//	futility.style: moonfish
//	nullmove.enabled: false
//
// Nested maps are accepted too and flattened to dotted names, so the file
// above may also be written as
//
//	futility:
//	  margin: 100
//	  style: moonfish
//	nullmove: {enabled: false}
//
// Giving the same parameter twice, in either form, is an error. Int
// parameters take YAML integers only (not strings, not floats); bool
// parameters take true/false (and, as YAML 1.1 files write them, the strings
// on/off/yes/no), never numbers; enum parameters take one of their choices,
// case-insensitively. Every error carries "file:line:col: key: message".
// Anchors are followed but aliases, tags and merge keys are rejected.
// [Values.WriteYAML] writes a set back ([LoadYAML] of its output gives equal
// values), [Values.ApplyYAML] overrides an existing set and [Values.ApplyMap]
// applies a map decoded elsewhere, reporting positions through a callback.
//
// # SPSA
//
// [Values.WriteFishtest] and [Values.WriteOpenBench] export the integer
// parameters as SPSA input lines ("name,value,min,max,c_end,r_end" and
// "name, int, value, min, max, c_end, r_end"); [ParseSPSA] reads either
// format back and [Values.ApplySPSA] applies tuned values.
package params

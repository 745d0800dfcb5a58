package experiment

import "github.com/elolab/elolab/engine/params"

// maxErrors bounds how many errors one file reports.
const maxErrors = 50

// Error is one problem in an experiment file (or in a file it refers to,
// such as an extends: parameter file): the lab's one positioned YAML error,
// printed as "file:line:col: key.path: message".
type Error = params.Error

// ErrorList is every problem found in a file, in line order. Load returns
// one (as an error) when the file is not valid.
type ErrorList = params.ErrorList

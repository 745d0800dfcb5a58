package report

import (
	"fmt"
	"io"

	"github.com/elolab/elolab/sprt/rating"
)

// CheckRatingFormat refuses a format WriteRating cannot write.
func CheckRatingFormat(format string) error {
	switch format {
	case "text", "csv", "json":
		return nil
	}
	return fmt.Errorf("%q is not text, csv or json", format)
}

// WriteRating writes a rating table as text (with the head-to-head
// section when h2h), csv or json.
func WriteRating(w io.Writer, tab *rating.Table, format string, h2h bool) error {
	switch format {
	case "json":
		return WriteRatingJSON(w, tab)
	case "csv":
		return WriteRatingCSV(w, tab)
	}
	return WriteRatingText(w, tab, h2h)
}

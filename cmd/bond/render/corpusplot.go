// The inline SVG plots of the corpus report's html format: proportions drawn as a point with its
// 95% Wilson interval as an error bar, and costs as bars, every mark with its number written
// beside it and pointing (data-cell) at the table cell it was drawn from, so a reader can
// re-derive each mark from the page's tables and a test can check that the two agree.

package render

import (
	"fmt"
	"math"
	"strconv"

	"github.com/bond-tool/bond/corpus"
)

// The plots' geometry, in SVG user units (pixels at 100% zoom): a label column, the plot area
// and the column of numbers beside it.
const (
	plotLabelRight = 230.0 // right edge of the labels (text-anchor end)
	plotX0         = 240.0 // where 0 (or 0%) is drawn
	plotX1         = 540.0 // where 100% (or the bar plot's maximum) is drawn
	plotTextX      = 552.0 // where the numbers start
	plotWidth      = 880.0
	plotRowH       = 20.0
	plotTop        = 8.0
	plotAxisH      = 28.0 // room under the rows for the axis and its tick labels
)

// plotTick is one labelled tick of an axis.
type plotTick struct {
	X     string
	Label string
}

// plotRow is one row of a plot: a heading (an arm's name, no mark), or one figure. A defined
// proportion has a point at P and a bar from Lo to Hi; a bar row has a bar from 0 to its value.
type plotRow struct {
	Heading bool
	Label   string
	Y, YMid string
	// CapY1, CapY2 are the ends of an interval's caps, and a bar's top (CapY1).
	CapY1, CapY2 string
	// Defined is false for a figure over no task (or without a ground truth): no mark is drawn
	// and Text says why.
	Defined bool
	// X, XLo, XHi are the mark's positions; for a bar row X is the bar's end.
	X, XLo, XHi string
	// Width is a bar's width (bar rows only).
	Width string
	// K, N, P, Lo, Hi are the drawn proportion's figures (P, Lo, Hi in percent, one decimal) or,
	// for a bar row, P is the drawn value; they are written into data- attributes.
	K, N        int
	P, Lo, Hi   string
	Text        string
	Cell        string // the id of the table cell the figure was drawn from
	Regime, Arm string
}

// svgPlot is one inline SVG figure.
type svgPlot struct {
	ID, Title, Caption string
	// Kind is "rate" (point and interval) or "bar".
	Kind          string
	Width, Height string
	X0, X1        string
	AxisY         string
	// RefX, when set, is a reference line (100% of StrykerJS) with its label.
	RefX, RefLabel string
	Ticks          []plotTick
	Rows           []plotRow
	// Marks is how many marks are drawn: the defined proportions, the bars longer than 0.
	Marks int
}

// px formats a coordinate with one decimal, so golden files do not depend on float printing.
func px(v float64) string { return fmt.Sprintf("%.1f", v) }

// xOf maps v in [0, max] onto the plot area.
func xOf(v, max float64) float64 {
	if max <= 0 {
		return plotX0
	}
	return plotX0 + (plotX1-plotX0)*math.Min(math.Max(v/max, 0), 1)
}

// plotFigure is what a plot is built from: a heading or one figure.
type plotFigure struct {
	Heading     bool
	Label       string
	Arm, Regime string
	Cell        string
	// Rate, for a rate plot; Value/Defined/Text for a bar plot.
	Rate    corpus.Rate
	Value   float64
	Defined bool
	Text    string
}

// layoutPlot places the figures in rows and closes the plot: height, axis and ticks. For a rate
// plot the axis is 0–100%; for a bar plot it is 0–max (at least ref, when a reference line is
// drawn), with ticks labelled by unit.
func layoutPlot(p svgPlot, figs []plotFigure, unit string, ref float64) svgPlot {
	max := 100.0
	if p.Kind == "bar" {
		max = ref
		for _, f := range figs {
			if f.Defined && f.Value > max {
				max = f.Value
			}
		}
		if max <= 0 {
			max = 1
		}
		max = niceCeil(max)
	}
	y := plotTop
	for _, f := range figs {
		r := plotRow{Heading: f.Heading, Label: f.Label, Y: px(y), YMid: px(y + plotRowH/2), CapY1: px(y + plotRowH/2 - 5), CapY2: px(y + plotRowH/2 + 5),
			Arm: f.Arm, Regime: f.Regime, Cell: f.Cell}
		y += plotRowH
		if f.Heading {
			p.Rows = append(p.Rows, r)
			continue
		}
		if p.Kind == "rate" {
			r.Defined, r.K, r.N, r.Text = f.Rate.Defined, f.Rate.K, f.Rate.N, f.Rate.String()
			if f.Text != "" {
				r.Text = f.Text
			}
			if !r.Defined {
				r.Text = fmt.Sprintf("%d of %d: n/a, no mark (a rate over no task)", f.Rate.K, f.Rate.N)
			} else {
				r.P, r.Lo, r.Hi = corpus.Percent1(f.Rate.P), corpus.Percent1(f.Rate.Lo), corpus.Percent1(f.Rate.Hi)
				r.X, r.XLo, r.XHi = px(xOf(f.Rate.P, 100)), px(xOf(f.Rate.Lo, 100)), px(xOf(f.Rate.Hi, 100))
			}
		} else {
			r.Defined, r.Text = f.Defined, f.Text
			if r.Defined {
				r.P = trimFloat(f.Value)
				r.X, r.Width = px(xOf(f.Value, max)), px(xOf(f.Value, max)-plotX0)
			}
		}
		if r.Defined && (p.Kind == "rate" || f.Value > 0) { // a bar of length 0 is not a mark
			p.Marks++
		}
		p.Rows = append(p.Rows, r)
	}
	p.AxisY = px(y + 4)
	p.Height = px(y + plotAxisH)
	p.Width = px(plotWidth)
	p.X0, p.X1 = px(plotX0), px(plotX1)
	for i := 0; i <= 4; i++ {
		v := max * float64(i) / 4
		p.Ticks = append(p.Ticks, plotTick{X: px(xOf(v, max)), Label: strconv.FormatFloat(v, 'f', -1, 64) + unit})
	}
	if ref > 0 {
		p.RefX, p.RefLabel = px(xOf(ref, max)), trimFloat(ref)+unit
	}
	return p
}

// niceCeil rounds v up to 1, 2, 2.5 or 5 times a power of ten, so the axis ticks (quarters) are
// round numbers.
func niceCeil(v float64) float64 {
	pow := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 2.5, 4, 5, 8, 10} {
		if m*pow >= v {
			return m * pow
		}
	}
	return 10 * pow
}

// trimFloat prints v with up to one decimal, without a trailing ".0".
func trimFloat(v float64) string {
	s := corpus.Percent1(v)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}

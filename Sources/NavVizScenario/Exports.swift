// The JSON value, parser and writer live in NavVizFormat; every user of NavVizScenario sees them.
@_exported import NavVizFormat

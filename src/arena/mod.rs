//! Engine-vs-engine tournaments: engine processes, referee, clocks,
//! schedules, statistics and game records.

#pragma once
// QCustomPlot's header, for the chart sources only. It uses Qt's lowercase keywords (signals,
// slots, emit) and foreach, which this project turns off (QT_NO_KEYWORDS, QT_NO_FOREACH): they are
// given back for the length of the include and taken away again.

#define signals Q_SIGNALS
#define slots Q_SLOTS
#define emit Q_EMIT
#define foreach(declaration, container) for (declaration : container)
#include <qcustomplot.h>
#undef foreach
#undef emit
#undef slots
#undef signals

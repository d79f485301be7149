#include "chart_export.h"

#include "qcustomplot_include.h"

#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>

namespace torchrig::ui {

bool exportPlot(QCustomPlot& plot, const QString& path) {
    if (path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive))
        return plot.savePdf(path, plot.width(), plot.height());
    if (path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive))
        return plot.savePng(path, plot.width(), plot.height(), 2.0);
    return false;
}

void enableExportMenu(QCustomPlot& plot, const QString& defaultName) {
    plot.setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(
        &plot, &QWidget::customContextMenuRequested, &plot, [&plot, defaultName](const QPoint& at) {
            QMenu menu(&plot);
            menu.addAction(QObject::tr("&Export chart…"), &plot, [&plot, defaultName] {
                const auto path =
                    QFileDialog::getSaveFileName(&plot, QObject::tr("Export chart"), defaultName,
                                                 QObject::tr("PNG image (*.png);;PDF document (*.pdf)"));
                if (!path.isEmpty() && !exportPlot(plot, path))
                    QMessageBox::warning(
                        &plot, QObject::tr("Export chart"),
                        QObject::tr("%1 could not be written (use .png or .pdf).").arg(path));
            });
            menu.exec(plot.mapToGlobal(at));
        });
}

} // namespace torchrig::ui

#include "chart_export.h"

#include "qcustomplot_include.h"
#include "util/text_file.h"

#include <QBuffer>
#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>

#include <filesystem>
#include <string_view>

namespace torchrig::ui {

bool exportPlot(QCustomPlot& plot, const QString& path) {
    // Through the one atomic writer (util/text_file.h), as every file TorchRig writes: a link planted
    // beside the chosen name is never written through, and a failed export leaves the old file.
    const std::filesystem::path target = QFile::encodeName(path).toStdString();
    if (path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive)) {
        QByteArray png;
        QBuffer buffer(&png);
        if (!buffer.open(QIODevice::WriteOnly) ||
            !plot.toPixmap(plot.width(), plot.height(), 2.0).save(&buffer, "PNG"))
            return false;
        return writeFileAtomically(target,
                                   std::string_view(png.constData(), static_cast<std::size_t>(png.size())))
            .ok();
    }
    if (path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) {
        // QCustomPlot writes a PDF to a named file only: a new one of our own beside the target.
        auto temporary = createFileBeside(target);
        if (!temporary)
            return false;
        std::error_code ec;
        if (plot.savePdf(QFile::decodeName(temporary->c_str()), plot.width(), plot.height())) {
            std::filesystem::rename(*temporary, target, ec);
            if (!ec)
                return true;
        }
        std::filesystem::remove(*temporary, ec);
        return false;
    }
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

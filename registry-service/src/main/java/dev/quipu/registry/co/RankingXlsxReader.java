package dev.quipu.registry.co;

import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.load.RowSink;
import org.apache.poi.openxml4j.exceptions.OpenXML4JException;
import org.apache.poi.openxml4j.opc.OPCPackage;
import org.apache.poi.openxml4j.opc.PackageAccess;
import org.apache.poi.ss.usermodel.DataFormatter;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.util.XMLHelper;
import org.apache.poi.xssf.eventusermodel.ReadOnlySharedStringsTable;
import org.apache.poi.xssf.eventusermodel.XSSFReader;
import org.apache.poi.xssf.eventusermodel.XSSFSheetXMLHandler;
import org.apache.poi.xssf.usermodel.XSSFComment;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the ranking from Supersociedades' workbook with POI's streaming (SAX) reader: the first sheet only
 * (the workbook's second sheet, {@code Supersociedades}, repeats 8,916 of the same companies with one more
 * column). The workbook is copied to a temporary file first, so that POI reads the zip from disk instead
 * of holding every decompressed part in memory.
 */
final class RankingXlsxReader implements DatasetReader {

    @Override
    public CutOff read(InputStream in, RowSink sink) throws IOException {
        Path copy = Files.createTempFile("quipu-co-ranking-", ".xlsx");
        try {
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            try (OPCPackage pkg = OPCPackage.open(copy.toFile(), PackageAccess.READ)) {
                XSSFReader xssf = new XSSFReader(pkg);
                ReadOnlySharedStringsTable strings = new ReadOnlySharedStringsTable(pkg, false);
                XSSFReader.SheetIterator sheets = (XSSFReader.SheetIterator) xssf.getSheetsData();
                if (!sheets.hasNext()) {
                    throw new IOException("the workbook has no sheet");
                }
                RankingRows rows = new RankingRows();
                try (InputStream sheet = sheets.next()) {
                    XMLReader parser = XMLHelper.newXMLReader();
                    parser.setContentHandler(new XSSFSheetXMLHandler(xssf.getStylesTable(), strings,
                            new Handler(rows, sink), new RawNumbers(), false));
                    parser.parse(new InputSource(sheet));
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
                if (!rows.headerFound()) {
                    throw new IOException("no header row with NIT and RAZON SOCIAL in the workbook's first sheet");
                }
                return rows.cutOff();
            } catch (OpenXML4JException | SAXException | ParserConfigurationException e) {
                throw new IOException("unreadable workbook: " + e.getMessage(), e);
            }
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    /** Collects a row's cells by column (the sheet leaves empty cells out) and hands the row on at its end. */
    private static final class Handler implements XSSFSheetXMLHandler.SheetContentsHandler {
        private final RankingRows rows;
        private final RowSink sink;
        private final List<String> cells = new ArrayList<>();

        Handler(RankingRows rows, RowSink sink) {
            this.rows = rows;
            this.sink = sink;
        }

        @Override
        public void startRow(int rowNum) {
            cells.clear();
        }

        @Override
        public void endRow(int rowNum) {
            try {
                rows.row(cells, sink);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void cell(String reference, String value, XSSFComment comment) {
            int column = new CellReference(reference).getCol();
            while (cells.size() <= column) {
                cells.add(null);
            }
            cells.set(column, value);
        }
    }

    /** Numbers as the cell holds them ({@code 899999068}, {@code 100590667613}), not as the cell's format shows them. */
    private static final class RawNumbers extends DataFormatter {
        @Override
        public String formatRawCellContents(double value, int formatIndex, String formatString) {
            return plain(value);
        }

        @Override
        public String formatRawCellContents(double value, int formatIndex, String formatString, boolean use1904Windowing) {
            return plain(value);
        }

        private static String plain(double value) {
            return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
        }
    }
}

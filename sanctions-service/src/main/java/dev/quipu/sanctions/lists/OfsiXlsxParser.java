package dev.quipu.sanctions.lists;

import org.apache.poi.openxml4j.opc.OPCPackage;
import org.apache.poi.ss.usermodel.DataFormatter;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.util.XMLHelper;
import org.apache.poi.xssf.eventusermodel.ReadOnlySharedStringsTable;
import org.apache.poi.xssf.eventusermodel.XSSFReader;
import org.apache.poi.xssf.eventusermodel.XSSFSheetXMLHandler;
import org.apache.poi.xssf.usermodel.XSSFComment;
import org.xml.sax.InputSource;
import org.xml.sax.XMLReader;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * OFSI's ConList.xlsx (the "2022 format": one row per name variant, 36 columns) with Apache POI's
 * event API: the sheet is streamed through SAX into rows of cell texts as Excel would show them
 * (DataFormatter), without building POI's object model of 18,800 x 36 cells. The rows are then read
 * by {@link OfsiConList}, like the CSV.
 */
public final class OfsiXlsxParser {

    public OfsiConList.Parsed parse(byte[] xlsx) {
        return new OfsiConList().parse(rows(xlsx));
    }

    /** The first sheet's rows; a row is as long as its last non-empty cell, missing cells are "". */
    static List<List<String>> rows(byte[] xlsx) {
        List<List<String>> rows = new ArrayList<>();
        try (OPCPackage pkg = OPCPackage.open(new ByteArrayInputStream(xlsx))) {
            XSSFReader reader = new XSSFReader(pkg);
            Iterator<InputStream> sheets = reader.getSheetsData();
            if (!sheets.hasNext()) {
                throw new ListFormatException("XLSX without a sheet");
            }
            XMLReader parser = XMLHelper.newXMLReader();
            parser.setContentHandler(new XSSFSheetXMLHandler(reader.getStylesTable(), null,
                    new ReadOnlySharedStringsTable(pkg), new Rows(rows), new DataFormatter(), false));
            try (InputStream sheet = sheets.next()) {
                parser.parse(new InputSource(sheet));
            }
        } catch (ListFormatException e) {
            throw e;
        } catch (Exception e) {
            // POI reports a truncated or non-XLSX file with several checked and unchecked exceptions
            throw new ListFormatException("not a readable XLSX file: " + e, e);
        }
        return rows;
    }

    private static final class Rows implements XSSFSheetXMLHandler.SheetContentsHandler {
        private final List<List<String>> rows;
        private List<String> row;

        Rows(List<List<String>> rows) {
            this.rows = rows;
        }

        @Override
        public void startRow(int rowNum) {
            row = new ArrayList<>();
        }

        @Override
        public void endRow(int rowNum) {
            rows.add(row);
        }

        @Override
        public void cell(String reference, String value, XSSFComment comment) {
            int column = reference == null ? row.size() : new CellReference(reference).getCol();
            while (row.size() < column) {
                row.add("");
            }
            row.add(value == null ? "" : value);
        }
    }
}

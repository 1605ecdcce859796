package dev.quipu.sanctions.lists;

import java.util.List;

/** Legacy OFSI ConList.csv (accepted for history; the rows are read by {@link OfsiConList}). */
public final class OfsiCsvParser {

    public List<Entity> parse(String text) {
        return new OfsiConList().parse(Csv.parse(text, ',')).entities();
    }
}

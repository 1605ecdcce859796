package dev.quipu.sanctions.lists;

/**
 * A date of birth as a list states it: one partial date, or a range ("1958 to 1960"), possibly
 * approximate ("circa 1951": one year either side counts as agreeing).
 */
public record BirthDate(PartialDate from, PartialDate to, boolean circa) {

    public static BirthDate exact(PartialDate date) {
        return new BirthDate(date, date, false);
    }

    public static BirthDate circa(PartialDate date) {
        return new BirthDate(date, date, true);
    }

    public boolean range() {
        return !from.equals(to);
    }

    @Override
    public String toString() {
        String base = range() ? from + "/" + to : from.toString();
        return circa ? "~" + base : base;
    }
}

package dev.quipu.sanctions.matching;

/**
 * One normalised name part. {@code text} is case-folded ASCII when the script is transliterable;
 * legal forms carry their compare code ("sacv" for "S.A. de C.V.").
 */
public record Token(String text, Kind kind, String phonetic) {

    public enum Kind {
        /** An ordinary name part. */
        WORD(1.0),
        /** de, del, la, da, dos, y, e, van, al ...: kept, cheap to omit. */
        PARTICLE(0.3),
        /** S.A., LTDA, S.A.S., S.A. de C.V., LLC ...: compare code. */
        LEGAL_FORM(0.5),
        /** Numbers are kept and weigh more (watchman #483: "11420 CORP." is not "BELLETECH CORP"). */
        NUMBER(1.3),
        /** A single letter. */
        INITIAL(0.5);

        private final double weight;

        Kind(double weight) {
            this.weight = weight;
        }

        public double weight() {
            return weight;
        }
    }

    public boolean informative() {
        return kind == Kind.WORD || kind == Kind.NUMBER;
    }
}

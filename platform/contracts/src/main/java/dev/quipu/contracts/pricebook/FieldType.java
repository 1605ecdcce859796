package dev.quipu.contracts.pricebook;

/** JSON types an input field may take; the names are those of JSON Schema. */
public enum FieldType {
    STRING("string"), INTEGER("integer"), NUMBER("number"), BOOLEAN("boolean"), ARRAY("array"), OBJECT("object");

    private final String jsonName;

    FieldType(String jsonName) {
        this.jsonName = jsonName;
    }

    public String jsonName() {
        return jsonName;
    }
}

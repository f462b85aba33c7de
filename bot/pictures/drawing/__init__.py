"""What every picture is drawn with: colours, shipped fonts, suit shapes, card faces,
boxes that must not overlap, and the PNG encoding."""

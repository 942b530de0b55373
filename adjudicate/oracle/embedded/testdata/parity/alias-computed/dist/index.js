// A decoy: the tests fail if the alias picks dist/ instead of src/.
export const squareAreaCm = () => -1;
export const name = 'geometry (dist)';
